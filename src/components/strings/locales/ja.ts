/** Japanese strings of every element (日本語). Use them with `setLocaleStrings('ja', ja)`. */
import type { RpcStrings } from '../strings.js';

export const ja: RpcStrings = {
  // Dialogs
  textTruncated: { other: '…（残りの{count}文字は表示されていません）' },
  submit: 'OK',
  cancel: 'キャンセル',
  position: '{total}件中{index}件目',
  secondsLeft: '残り{seconds}秒',
  secondsLeftAnnouncement: { other: '回答期限まであと{count}秒です' },
  expired: '「{title}」は時間切れになりました。エージェントは既定の動作で続行しました。',
  loginEyebrow: '{provider}にログイン',
  titleCut: { other: 'エージェントがこのタイトルを切り詰めました。{count}文字が省略されています。' },

  // Dialog queue
  undelivered:
    '「{title}」への回答は、エージェントが待機を終える前に送信できませんでした。エージェントは既定の動作で続行しました。',

  // Confirm
  confirm: 'はい',
  deny: 'いいえ',
  messageCut: { other: 'エージェントがこのメッセージを切り詰めました。{count}文字が省略されています。' },

  // Select
  filterLabel: '選択肢を絞り込む',
  noMatches: '一致する選択肢はありません',
  matchCount: { other: '{count}件の選択肢が一致します' },
  optionsCut: { other: 'エージェントがこのリストを切り詰めました。{count}件の選択肢が省略されています。' },

  // Input
  inputHint: 'Enterで確定、Escでキャンセル',
  placeholderCut: {
    other: 'エージェントがプレースホルダーを切り詰めました。{count}文字が省略されています。',
  },
  loginCodeTitle:
    '{provider}から取得したコード、またはブラウザーのリダイレクト先のアドレスを貼り付けてください',
  loginCodeRefused:
    '送信されませんでした。ログインページのコード、またはブラウザーのリダイレクト先のアドレスを貼り付けてください。',
  loginPageLink: '{host}のログインページを開く（新しいタブ）',

  // Editor
  editorHint: 'Ctrl+Enterで確定、Escでキャンセル',
  promptSubmit: '送信',
  promptHint: 'Ctrl+Enterで送信、Escでキャンセル',
  prefillCut: {
    other:
      'エージェントがこのテキストを切り詰めました。{count}文字が省略されています。最後の行は切り詰めた位置を示す印で、エージェントのテキストではありません。',
  },
  prefillCutRefused:
    '送信されませんでした。テキストにエージェントの切り詰めの印が残っています。その行を削除してご自身のテキストとして送信するか、キャンセルしてください。',

  // Notifications
  notificationsLabel: '通知',
  infoPrefix: '情報：',
  warningPrefix: '警告：',
  errorPrefix: 'エラー：',
  dismissNotification: '通知を閉じる',
  moreNotifications: { other: 'さらに{count}件' },
  fewerNotifications: '表示を減らす',
  answeredElsewhere: '「{title}」は別のタブで回答されました。',
  answerNotUsed: '「{title}」には別のタブが先に回答しました。こちらの回答は使用されませんでした。',
  answerTooLate:
    '「{title}」への回答は、エージェントが待機を終えた後に届きました。エージェントは既定の動作で続行しました。',
  withdrawn: 'エージェントが「{title}」を取り下げました。もう回答を待っていません。',
  unreadableRequest:
    'エージェントから有効なJSONではない拡張機能UIリクエストが届きました（{error}）。表示できない質問への回答を待っている可能性があります。',
  invalidDialog:
    'エージェントが表示できない{method}を要求しました（誤りまたは欠落：{fields}）。キャンセルとして回答されました。',

  // Status bar
  statusBarLabel: '拡張機能のステータス',
  statusAnnouncement: '{text}',

  // Widgets
  widgetsAboveLabel: 'エディター上部の拡張機能ウィジェット',
  widgetsBelowLabel: 'エディター下部の拡張機能ウィジェット',

  // Host
  connectionConnecting: '接続中…',
  connectionConnected: '接続済み',
  connectionReconnecting: '再接続中…',
  connectionClosed: '切断済み',
  connectionAgentExited: 'エージェント終了',
  connectionRefused: 'ブリッジにより拒否',
  agentExitedCode: 'エージェントが終了しました（終了コード {code}）',
  agentExitedSignal: 'エージェントが終了しました（シグナル {signal}）',
  agentExited: 'エージェントが終了しました',
  agentStderrSummary: { other: '直近のエラー出力（{count}行）' },
  restartAgent: 'エージェントを再起動',
  editorOffer:
    'エージェントがメッセージにこのテキストを提案しています。選ぶまで、ご自身の下書きはそのまま残ります。',
  editorOfferUse: 'エージェントのテキストを使う',
  editorOfferKeep: '自分の下書きを残す',

  // Login panel
  loginsLabel: 'ログイン',
  loginStartLabel: 'プロバイダーにログイン',
  loginProviderLabel: 'プロバイダー',
  loginStart: 'ログイン',
  loginStartProvider: '{provider}にログイン',
  loginTitle: '{provider}にログイン',
  loginPageTitle: 'ログインページ',
  loginRunning: 'ログイン中…',
  loginCancelling: 'キャンセル中…',
  loginDone: 'ログインしました。',
  loginCancelled: 'ログインはキャンセルされました。',
  loginFailed: 'ログインに失敗しました：{error}',
  loginFailedBare: 'ログインに失敗しました。',
  loginOpenPage: 'ログインページを開く（{host}）',
  loginShowAddress: 'アドレス全体を表示',
  loginLaunchHint: 'このアドレスが途中で切れている場合は、代わりに次のローカルアドレスを開いてください：',
  loginCopyLink: 'リンクをコピー',
  loginCopyLaunch: 'ローカルアドレスをコピー',
  loginCopyCode: 'コードをコピー',
  loginCopied: 'コピーしました',
  loginCopyFailed: 'コピーできませんでした。テキストを選択してご自身でコピーしてください。',
  loginNotALink: 'リンクにしていません。リンクにするのはhttpとhttpsのアドレスだけです。',
  loginLinkLabel: '{label}（{host}）',
  loginCodeHint: 'ページで次のコードを入力してください：',
  loginCodePage: 'コード入力ページを開く（{host}）',
  loginCodeExpiresIn: '有効期限まで残り{time}',
  loginCodeExpiryAnnouncement: 'コード入力の残り時間：{time}',
  loginMinutes: { other: '{count}分' },
  loginSeconds: { other: '{count}秒' },
  loginCodeExpired: 'コードの有効期限が切れました。',
  loginMessagesLabel: '進行状況',
  loginCancel: 'ログインをキャンセル',
  loginDismiss: '閉じる',
  loginSendFailed: 'エージェントに接続できませんでした。もう一度お試しください。',
  loginAnnouncement: '{title}：{text}',
  loginPageReady: '開くページの準備ができました。',
  loginCodeReady: 'コード「{code}」を入力してください。',

  // Conversation
  transcriptLabel: '会話',
  transcriptEmpty: 'まだメッセージはありません。下の入力欄からエージェントにメッセージを書いてください。',
  transcriptYou: 'あなた',
  transcriptAgent: 'エージェント',
  transcriptThinking: '思考',
  transcriptToolRunning: '{tool}：実行中…',
  transcriptToolDone: '{tool}',
  transcriptToolFailed: '{tool}：失敗',
  transcriptToolArgs: '引数',
  transcriptToolResult: '結果',
  transcriptStopped: '停止しました。エージェントがこのターンを途中で終了しました。',
  transcriptCommandFailed: '「{command}」が失敗しました：',
  transcriptReplyAnnouncement: 'エージェントの応答：{text}',
  transcriptEarlier: { other: '以前のメッセージを表示（ほか{count}件）' },
  transcriptNoModel: 'エージェントにモデルがありません',
  transcriptNoModelReason: '使用できるモデルがありません。',
  transcriptNoModelSignIn:
    'モデルが用意されるまで応答できません。エージェントが対応するプロバイダーにログインしてください：{providers}。',
  transcriptNoModelAdd:
    'モデルが用意されるまで応答できません。エージェントの設定にモデルを追加してから、エージェントを再起動してください。',
  transcriptNoModelHelp: 'モデルを追加する方法',

  // Sessions
  sessionsLabel: 'セッション',
  sessionsListLabel: 'このプロジェクトのセッション（新しい順）',
  sessionsNew: '新しいセッション',
  sessionsRename: '名前を変更',
  sessionsFork: '分岐…',
  sessionsCurrent: '現在',
  sessionsUntitled: 'まだ何も話していません',
  sessionsMessages: { other: '{count}件のメッセージ' },
  sessionsLoading: 'セッションを一覧表示しています…',
  sessionsEmpty: '保存されたセッションはまだありません。何か話すとエージェントが保存します。',
  sessionsNoBridge: 'ページが rpc-ui ブリッジ経由で接続されると、セッションが一覧表示されます。',
  sessionsOpening: '「{session}」を開いています…',
  sessionsOpened: '「{session}」を開きました。',
  sessionsStarting: '新しいセッションを開始しています…',
  sessionsStarted: '新しいセッションを開始しました。',
  sessionsNaming: 'セッションに名前を付けています…',
  sessionsNamed: 'セッションの名前を「{name}」にしました。',
  sessionsForking: 'セッションを分岐しています…',
  sessionsForked: '「{prompt}」から分岐しました。これは新しいセッションです。',
  sessionsOpenFailed: 'セッションを開けませんでした：{error}',
  sessionsNewFailed: '新しいセッションを開始できませんでした：{error}',
  sessionsNameFailed: 'セッションに名前を付けられませんでした：{error}',
  sessionsForkFailed: 'セッションを分岐できませんでした：{error}',
  sessionsUnsent: '送信されませんでした。ページが接続されていません。接続後にもう一度お試しください。',
  sessionsUnanswered: 'ブリッジが応答する前に接続が切れました。接続が戻ると、一覧に結果が表示されます。',
  sessionsRenameTitle: 'このセッションに名前を付ける',
  sessionsNameLabel: '名前',
  sessionsSave: '保存',
  sessionsCancel: 'キャンセル',
  sessionsForkTitle: 'プロンプトから分岐',
  sessionsForkHint: '選んだプロンプトより前の会話で新しいセッションが始まります。このセッションは残ります。',
  sessionsForkListLabel: 'このセッションのプロンプト',
  sessionsForkLoading: 'エージェントにプロンプトを問い合わせています…',
  sessionsForkNone: 'このセッションには分岐できるプロンプトがまだありません。',
  sessionsForkSubmit: 'ここから分岐',

  // Session use
  usageLabel: 'このセッション',
  usageWaiting: 'エージェントに問い合わせています…',
  usageInput: '入力トークン',
  usageOutput: '出力トークン',
  usageCacheRead: 'キャッシュから読み取り',
  usageCacheWrite: 'キャッシュへ書き込み',
  usageCost: '費用',
  usageContext: 'コンテキスト使用量',
  usageContextValue: '{window}トークン中{percent}',
  usageContextUnknown: '次の応答の後にわかります',
  modelLabel: 'モデル',
  modelListLabel: 'エージェントが使えるモデル',
  modelCurrent: '現在',
  modelContext: 'コンテキスト {window}',
  modelWaiting: 'エージェントに問い合わせています…',
  modelNone:
    'エージェントが提供できるモデルがありません。プロバイダーにサインインするか、設定にモデルを追加してください。',
  modelThinking: '思考',
  modelNoThinking: 'このモデルは回答の前に思考しません。',
  thinkingOff: 'オフ',
  thinkingMinimal: '最小',
  thinkingLow: '低',
  thinkingMedium: '中',
  thinkingHigh: '高',
  thinkingXhigh: '非常に高',
  thinkingMax: '最大',
  thinkingAuto: '自動',
  modelChanging: 'モデルを切り替えています…',
  modelChanged: 'エージェントは {model} を使っています。',
  thinkingChanging: '思考レベルを変更しています…',
  thinkingChanged: '思考: {level}。',
  modelFailed: 'モデルは切り替わりませんでした: {error}',
  thinkingFailed: '思考レベルは変更されませんでした: {error}',
  modelUnsent: '送信されませんでした。ページが接続されていません。接続後にもう一度お試しください。',
  modelUnanswered: 'エージェントが応答する前に接続が切れました。接続が戻ると、使用中のモデルが表示されます。',
  transcriptCompacted: '以前の会話は圧縮されました。エージェントはこの要約を保持します',
  transcriptCompactedAuto: 'コンテキストが一杯になったため、エージェントは以前の会話をこの要約に圧縮しました',
  transcriptCompactedTokens: '圧縮前 {tokens} トークン',
  usageCompact: '今すぐ圧縮',
  usageCompactHint:
    'コンテキストがほぼ一杯です。圧縮すると以前の会話が要約に置き換わり、エージェントは続けられます。実行中のターンは先に停止されます。',
  usageCompacting: 'セッションを圧縮しています…',
  usageCompacted: 'セッションを圧縮しました。',
  usageCompactFailed: 'セッションは圧縮されませんでした: {error}',
  usageCompactUnsent: '送信されませんでした。ページが接続されていません。接続後にもう一度お試しください。',
  usageCompactUnanswered:
    'エージェントが応答する前に接続が切れました。接続が戻ると、数値に結果が表示されます。',
};
