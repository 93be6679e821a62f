import type { CountedText } from './format.js';
import { localeStrings, stringsChanged } from './locales.js';
import type { LoginStrings } from './login-strings.js';
import type { TranscriptStrings } from './transcript-strings.js';
import { textTruncated } from './truncated.js';
import { format } from './format.js';
import type { ClientNote, ExpireEvent } from '../../controller/types.js';
import { quotedText } from '../../protocol/ansi.js';

/**
 * Every user-facing string of the kit, English by default. Give another language's with
 * `setLocaleStrings` (the kit ships `rpc-ui-kit/locales/de.js`, `ja.js`, `ar.js`); override
 * strings in every language with {@link setDefaultStrings}, or per element through its
 * `strings` property. `{name}` marks a value filled in at render time; a string with a `{count}`
 * may have a form per plural category (see `PluralText`).
 */
export interface RpcStrings extends LoginStrings, TranscriptStrings {
  /** Confirm: the affirmative button. */
  confirm: string;
  /** Confirm: the negative button. */
  deny: string;
  /** Select, input, editor: the submit button. */
  submit: string;
  /** Every dialog: the cancel button. */
  cancel: string;
  /** Queue position, e.g. "1 of 3". */
  position: string;
  /** Countdown, shown and read with the dialog: `{seconds}` left. */
  secondsLeft: string;
  /** Countdown announcement at thresholds: `{count}` seconds left. */
  secondsLeftAnnouncement: CountedText;
  /** Shown briefly after a dialog timed out: `{title}`. */
  expired: string;
  /** Dialog queue: an answer that could not be sent before the dialog timed out: `{title}`. */
  undelivered: string;
  /** Select: the filter field's label. */
  filterLabel: string;
  /** Select: shown when the filter matches nothing. */
  noMatches: string;
  /** Select: how many options match, for screen readers: `{count}`. */
  matchCount: CountedText;
  /** Editor: the keyboard hint. */
  editorHint: string;
  /** Input: the keyboard hint. */
  inputHint: string;
  /** Editor shown as a prompt (oh-my-pi's `promptStyle`): the submit button. */
  promptSubmit: string;
  /** Editor shown as a prompt: the keyboard hint. */
  promptHint: string;
  /** Every dialog of an agent's login (atomic's `oauth_*`): the line above the title, `{provider}`. */
  loginEyebrow: string;
  /** Input: the title of a login's manual-code question (atomic's `oauth_manual_code`), `{provider}`. */
  loginCodeTitle: string;
  /** Input: why a login's manual-code question was not sent empty (atomic's `oauth_manual_code`). */
  loginCodeRefused: string;
  /**
   * Input: the link to a login's page beside its manual-code question, where the code comes from
   * (the login panel is behind the dialog): `{host}`.
   */
  loginPageLink: string;
  /** Every dialog: the agent cut the title to fit its frame (oh-my-pi), `{count}` characters left out. */
  titleCut: CountedText;
  /** Confirm: the agent cut the message to fit its frame, `{count}` characters left out. */
  messageCut: CountedText;
  /** Input: the agent cut the placeholder to fit its frame, `{count}` characters left out. */
  placeholderCut: CountedText;
  /** Editor: the agent cut the text to edit to fit its frame (its last line is the mark), `{count}` characters left out. */
  prefillCut: CountedText;
  /** Editor: why the agent's cut text was not sent back: its cut mark is still in it. */
  prefillCutRefused: string;
  /** Select: the agent cut the list of options to fit its frame, `{count}` options left out. */
  optionsCut: CountedText;
  /** Notifications: the list's accessible name. */
  notificationsLabel: string;
  /** Notifications: the visible prefix of an info message. */
  infoPrefix: string;
  /** Notifications: the visible prefix of a warning. */
  warningPrefix: string;
  /** Notifications: the visible prefix of an error. */
  errorPrefix: string;
  /** Notifications: the close button's accessible name. */
  dismissNotification: string;
  /** Notifications: the button that shows the hidden ones: `{count}` more. */
  moreNotifications: CountedText;
  /** Notifications: the button that folds the list back. */
  fewerNotifications: string;
  /** Status bar: the region's accessible name. */
  statusBarLabel: string;
  /** Status bar: what is announced when an item changes: `{key}`, `{text}` (plain text). */
  statusAnnouncement: string;
  /** Widgets above the editor: the region's accessible name. */
  widgetsAboveLabel: string;
  /** Widgets below the editor: the region's accessible name. */
  widgetsBelowLabel: string;
  /** Extension UI: the connection pill while the first connection is made. */
  connectionConnecting: string;
  /** Extension UI: the connection pill while connected. */
  connectionConnected: string;
  /** Extension UI: the connection pill while the connection is being made again. */
  connectionReconnecting: string;
  /** Extension UI: the connection pill once the connection is closed for good. */
  connectionClosed: string;
  /** Extension UI: the connection pill after the agent process ended. */
  connectionAgentExited: string;
  /** Extension UI: the connection pill while the rpc-ui bridge refuses this page (its reason shows below). */
  connectionRefused: string;
  /** Extension UI: the agent ended with an exit code: `{code}`. */
  agentExitedCode: string;
  /** Extension UI: the agent was ended by a signal: `{signal}`. */
  agentExitedSignal: string;
  /** Extension UI: the agent ended, neither code nor signal known. */
  agentExited: string;
  /** Extension UI: the summary of the agent's last stderr lines: `{count}` lines. */
  agentStderrSummary: CountedText;
  /** Extension UI: the button that starts the agent again after it ended (through the rpc-ui bridge). */
  restartAgent: string;
  /** Host: the agent sent text for the composer while it held the user's own draft (announced). */
  editorOffer: string;
  /** Host: the button that puts the agent's text in the composer, over the draft. */
  editorOfferUse: string;
  /** Host: the button that keeps the user's draft and drops the agent's text. */
  editorOfferKeep: string;
  /** Note: a dialog open here was answered in another tab: `{title}`. */
  answeredElsewhere: string;
  /** Note: another tab's answer reached the agent before this one: `{title}`. */
  answerNotUsed: string;
  /** Note: this tab's answer reached the agent after it stopped waiting: `{title}`. */
  answerTooLate: string;
  /** Note: the agent withdrew a question before it was answered: `{title}`. */
  withdrawn: string;
  /** Note: an extension UI request that is not JSON, perhaps a question nobody sees: `{error}`. */
  unreadableRequest: string;
  /** Note: a dialog whose fields could not be used, answered cancelled: `{method}`, `{fields}`. */
  invalidDialog: string;
  /** Agent text too long to show in full: said after the part shown, `{count}` characters left out. */
  textTruncated: CountedText;
}

// The English defaults, in parts: each element reads only the part it shows, so an element on
// its own does not carry every other element's strings.

/** The strings every dialog shows. */
export const dialogEnglish = {
  textTruncated,
  submit: 'OK',
  cancel: 'Cancel',
  position: '{index} of {total}',
  secondsLeft: '{seconds} s left',
  secondsLeftAnnouncement: { one: '{count} second left to answer', other: '{count} seconds left to answer' },
  expired: '“{title}” timed out: the agent went on with its default.',
  loginEyebrow: 'Log in to {provider}',
  titleCut: {
    one: 'The agent cut this title short: {count} character left out.',
    other: 'The agent cut this title short: {count} characters left out.',
  },
} satisfies Partial<RpcStrings>;

/** rpc-dialogs' own strings (besides {@link dialogEnglish}). */
export const queueEnglish = {
  undelivered:
    'Your answer to “{title}” could not be sent before the agent stopped waiting: it went on with its default.',
} satisfies Partial<RpcStrings>;

/** rpc-confirm's own strings (besides {@link dialogEnglish}). */
export const confirmEnglish = {
  confirm: 'Yes',
  deny: 'No',
  messageCut: {
    one: 'The agent cut this message short: {count} character left out.',
    other: 'The agent cut this message short: {count} characters left out.',
  },
} satisfies Partial<RpcStrings>;

/** rpc-select's own strings (besides {@link dialogEnglish}). */
export const selectEnglish = {
  filterLabel: 'Filter options',
  noMatches: 'No matching options',
  matchCount: { one: '{count} option matches', other: '{count} options match' },
  optionsCut: {
    one: 'The agent cut this list short: {count} option left out.',
    other: 'The agent cut this list short: {count} options left out.',
  },
} satisfies Partial<RpcStrings>;

/** rpc-input's own strings (besides {@link dialogEnglish}). */
export const inputEnglish = {
  inputHint: 'Enter to submit, Escape to cancel',
  placeholderCut: {
    one: 'The agent cut the placeholder short: {count} character left out.',
    other: 'The agent cut the placeholder short: {count} characters left out.',
  },
  loginCodeTitle: 'Paste the code from {provider}, or the address your browser was sent to',
  loginCodeRefused:
    'Not sent: paste the code from the sign-in page, or the address your browser was sent to.',
  loginPageLink: 'Open the sign-in page at {host} (a new tab)',
} satisfies Partial<RpcStrings>;

/** rpc-editor's own strings (besides {@link dialogEnglish}). */
export const editorEnglish = {
  editorHint: 'Ctrl+Enter to submit, Escape to cancel',
  promptSubmit: 'Send',
  promptHint: 'Ctrl+Enter to send, Escape to cancel',
  prefillCut: {
    one: 'The agent cut this text short: {count} character left out. Its last line marks the cut and is not the agent’s text.',
    other:
      'The agent cut this text short: {count} characters left out. Its last line marks the cut and is not the agent’s text.',
  },
  prefillCutRefused:
    'Not sent: the text still holds the agent’s cut mark. Delete that line to send the text as yours, or cancel.',
} satisfies Partial<RpcStrings>;

// The parts name this string rather than spreading `agentTextEnglish` into themselves: a minifier
// cannot drop a spread that nothing reads (it might run getters), so every element would keep a
// `{ ...agentTextEnglish }` for each part it does not show.

/** What agent text shows when it is cut short (notifications, statuses, widgets). */
export const agentTextEnglish = { textTruncated } satisfies Partial<RpcStrings>;

/** The notifications' strings. */
export const notificationsEnglish = {
  textTruncated,
  notificationsLabel: 'Notifications',
  infoPrefix: 'Info:',
  warningPrefix: 'Warning:',
  errorPrefix: 'Error:',
  dismissNotification: 'Dismiss notification',
  moreNotifications: { one: '+{count} more', other: '+{count} more' },
  fewerNotifications: 'Show fewer',
  answeredElsewhere: '“{title}” was answered in another tab.',
  answerNotUsed: 'Another tab answered “{title}” first: your answer was not used.',
  answerTooLate:
    'Your answer to “{title}” arrived after the agent stopped waiting: it went on with its default.',
  withdrawn: 'The agent withdrew “{title}”: it no longer waits for an answer.',
  unreadableRequest:
    'The agent sent an extension UI request that is not valid JSON ({error}): it may be waiting on a question that cannot be shown.',
  invalidDialog:
    'The agent asked a {method} that cannot be shown (wrong or missing: {fields}): it was answered as cancelled.',
} satisfies Partial<RpcStrings>;

/** The status bar's strings. */
export const statusBarEnglish = {
  textTruncated,
  statusBarLabel: 'Extension status',
  statusAnnouncement: '{text}',
} satisfies Partial<RpcStrings>;

/** The widgets' strings. */
export const widgetsEnglish = {
  textTruncated,
  widgetsAboveLabel: 'Extension widgets above the editor',
  widgetsBelowLabel: 'Extension widgets below the editor',
} satisfies Partial<RpcStrings>;

/** The drop-in host's strings. */
export const hostEnglish = {
  connectionConnecting: 'Connecting…',
  connectionConnected: 'Connected',
  connectionReconnecting: 'Reconnecting…',
  connectionClosed: 'Disconnected',
  connectionAgentExited: 'Agent exited',
  connectionRefused: 'Refused by the bridge',
  agentExitedCode: 'Agent exited (code {code})',
  agentExitedSignal: 'Agent exited (signal {signal})',
  agentExited: 'Agent exited',
  agentStderrSummary: { one: 'Last error output ({count} line)', other: 'Last error output ({count} lines)' },
  restartAgent: 'Start the agent again',
  editorOffer: 'The agent suggests this text for your message. Yours is kept until you choose.',
  editorOfferUse: 'Use the agent’s text',
  editorOfferKeep: 'Keep mine',
} satisfies Partial<RpcStrings>;

/** The strings of `part` (an English table), as {@link stringsFor} gives them. */
export type Strings<T> = Pick<RpcStrings, keyof T & keyof RpcStrings>;

let overrides: Partial<RpcStrings> = {};

/** The overrides of {@link setDefaultStrings}. */
export function globalOverrides(): Partial<RpcStrings> {
  return overrides;
}

/**
 * Override some strings for every element, in every language; elements already shown update at
 * once.
 */
export function setDefaultStrings(strings: Partial<RpcStrings>): void {
  overrides = { ...overrides, ...strings };
  stringsChanged();
}

/**
 * The strings an element shows: the English `part`, then those of `locale`, then the global
 * overrides, then the element's own `strings`.
 */
export function stringsFor<K extends keyof RpcStrings>(
  part: Pick<RpcStrings, K>,
  own: Partial<RpcStrings>,
  locale = 'en',
): Pick<RpcStrings, K> {
  return { ...part, ...localeStrings(locale), ...overrides, ...own };
}

/** The strings a note is worded with. */
export type NoteStrings = Pick<
  RpcStrings,
  | 'answeredElsewhere'
  | 'answerNotUsed'
  | 'answerTooLate'
  | 'withdrawn'
  | 'unreadableRequest'
  | 'invalidDialog'
>;

/**
 * A note of the client's own (see `ClientNote`), worded with `strings` (the global ones by
 * default). A quoted title is isolated.
 */
export function noteText(
  note: ClientNote,
  strings: NoteStrings = stringsFor(notificationsEnglish, {}),
): string {
  switch (note.kind) {
    case 'answered-elsewhere':
      return format(strings.answeredElsewhere, { title: quotedText(note.title) });
    case 'answer-not-used':
      return format(strings.answerNotUsed, { title: quotedText(note.title) });
    case 'answer-too-late':
      return format(strings.answerTooLate, { title: quotedText(note.title) });
    case 'withdrawn':
      return format(strings.withdrawn, { title: quotedText(note.title) });
    case 'unreadable-request':
      return format(strings.unreadableRequest, { error: note.error });
    case 'invalid-dialog':
      return format(strings.invalidDialog, { method: note.method, fields: note.fields.join(', ') });
  }
}

/**
 * What a user reads when a dialog ended at its deadline with no answer at the agent (the
 * controller's `expire` event): it timed out, or the answer given could not be sent in time.
 */
export function expiryText(
  { dialog, reason }: Pick<ExpireEvent, 'dialog' | 'reason'>,
  strings: Pick<RpcStrings, 'expired' | 'undelivered'> = stringsFor(
    { ...dialogEnglish, ...queueEnglish },
    {},
  ),
): string {
  const title = quotedText(dialog.request.title);
  return format(reason === 'timeout' ? strings.expired : strings.undelivered, { title });
}
