/** German strings of every element (Deutsch). Use them with `setLocaleStrings('de', de)`. */
import type { RpcStrings } from '../strings.js';

export const de: RpcStrings = {
  // Dialogs
  textTruncated: {
    one: '… ({count} weiteres Zeichen nicht angezeigt)',
    other: '… ({count} weitere Zeichen nicht angezeigt)',
  },
  submit: 'OK',
  cancel: 'Abbrechen',
  position: '{index} von {total}',
  secondsLeft: 'Noch {seconds} s',
  secondsLeftAnnouncement: {
    one: 'Noch {count} Sekunde zum Antworten',
    other: 'Noch {count} Sekunden zum Antworten',
  },
  expired: 'Zeit für „{title}“ abgelaufen: Der Agent hat mit seinem Standardwert weitergemacht.',
  loginEyebrow: 'Bei {provider} anmelden',
  titleCut: {
    one: 'Der Agent hat diesen Titel gekürzt: {count} Zeichen fehlt.',
    other: 'Der Agent hat diesen Titel gekürzt: {count} Zeichen fehlen.',
  },

  // Dialog queue
  undelivered:
    'Ihre Antwort auf „{title}“ konnte nicht gesendet werden, bevor der Agent aufgehört hat zu warten: Er hat mit seinem Standardwert weitergemacht.',

  // Confirm
  confirm: 'Ja',
  deny: 'Nein',
  messageCut: {
    one: 'Der Agent hat diese Nachricht gekürzt: {count} Zeichen fehlt.',
    other: 'Der Agent hat diese Nachricht gekürzt: {count} Zeichen fehlen.',
  },

  // Select
  filterLabel: 'Optionen filtern',
  noMatches: 'Keine passenden Optionen',
  matchCount: { one: '{count} Option passt', other: '{count} Optionen passen' },
  optionsCut: {
    one: 'Der Agent hat diese Liste gekürzt: {count} Option fehlt.',
    other: 'Der Agent hat diese Liste gekürzt: {count} Optionen fehlen.',
  },

  // Input
  inputHint: 'Eingabetaste zum Absenden, Esc zum Abbrechen',
  placeholderCut: {
    one: 'Der Agent hat den Platzhalter gekürzt: {count} Zeichen fehlt.',
    other: 'Der Agent hat den Platzhalter gekürzt: {count} Zeichen fehlen.',
  },
  loginCodeTitle:
    'Fügen Sie den Code von {provider} oder die Adresse ein, an die Ihr Browser weitergeleitet wurde',
  loginCodeRefused:
    'Nicht gesendet: Fügen Sie den Code von der Anmeldeseite oder die Adresse ein, an die Ihr Browser weitergeleitet wurde.',
  loginPageLink: 'Anmeldeseite auf {host} öffnen (neuer Tab)',

  // Editor
  editorHint: 'Strg+Eingabe zum Absenden, Esc zum Abbrechen',
  promptSubmit: 'Senden',
  promptHint: 'Strg+Eingabe zum Senden, Esc zum Abbrechen',
  prefillCut: {
    one: 'Der Agent hat diesen Text gekürzt: {count} Zeichen fehlt. Die letzte Zeile markiert die Kürzung und gehört nicht zum Text des Agenten.',
    other:
      'Der Agent hat diesen Text gekürzt: {count} Zeichen fehlen. Die letzte Zeile markiert die Kürzung und gehört nicht zum Text des Agenten.',
  },
  prefillCutRefused:
    'Nicht gesendet: Der Text enthält noch die Kürzungsmarke des Agenten. Löschen Sie diese Zeile, um den Text als Ihren eigenen zu senden, oder brechen Sie ab.',

  // Notifications
  notificationsLabel: 'Benachrichtigungen',
  infoPrefix: 'Info:',
  warningPrefix: 'Warnung:',
  errorPrefix: 'Fehler:',
  dismissNotification: 'Benachrichtigung schließen',
  moreNotifications: { one: '+{count} weitere', other: '+{count} weitere' },
  fewerNotifications: 'Weniger anzeigen',
  answeredElsewhere: '„{title}“ wurde in einem anderen Tab beantwortet.',
  answerNotUsed: 'Ein anderer Tab hat „{title}“ zuerst beantwortet: Ihre Antwort wurde nicht verwendet.',
  answerTooLate:
    'Ihre Antwort auf „{title}“ kam an, nachdem der Agent aufgehört hatte zu warten: Er hat mit seinem Standardwert weitergemacht.',
  withdrawn: 'Der Agent hat „{title}“ zurückgezogen: Er wartet nicht mehr auf eine Antwort.',
  unreadableRequest:
    'Der Agent hat eine Extension-UI-Anfrage gesendet, die kein gültiges JSON ist ({error}): Möglicherweise wartet er auf eine Frage, die nicht angezeigt werden kann.',
  invalidDialog:
    'Der Agent hat eine Anfrage vom Typ {method} gestellt, die nicht angezeigt werden kann (falsch oder fehlend: {fields}): Sie wurde als abgebrochen beantwortet.',

  // Status bar
  statusBarLabel: 'Erweiterungsstatus',
  statusAnnouncement: '{text}',

  // Widgets
  widgetsAboveLabel: 'Erweiterungs-Widgets über dem Editor',
  widgetsBelowLabel: 'Erweiterungs-Widgets unter dem Editor',

  // Host
  connectionConnecting: 'Verbindung wird hergestellt…',
  connectionConnected: 'Verbunden',
  connectionReconnecting: 'Verbindung wird wiederhergestellt…',
  connectionClosed: 'Getrennt',
  connectionAgentExited: 'Agent beendet',
  connectionRefused: 'Von der Bridge abgelehnt',
  agentExitedCode: 'Agent beendet (Code {code})',
  agentExitedSignal: 'Agent beendet (Signal {signal})',
  agentExited: 'Agent beendet',
  agentStderrSummary: {
    one: 'Letzte Fehlerausgabe ({count} Zeile)',
    other: 'Letzte Fehlerausgabe ({count} Zeilen)',
  },
  restartAgent: 'Agent erneut starten',
  editorOffer:
    'Der Agent schlägt diesen Text für Ihre Nachricht vor. Ihr eigener Text bleibt erhalten, bis Sie sich entscheiden.',
  editorOfferUse: 'Text des Agenten übernehmen',
  editorOfferKeep: 'Meinen Text behalten',

  // Login panel
  loginsLabel: 'Anmeldung',
  loginStartLabel: 'Bei einem Anbieter anmelden',
  loginProviderLabel: 'Anbieter',
  loginStart: 'Anmelden',
  loginStartProvider: 'Bei {provider} anmelden',
  loginTitle: 'Anmeldung bei {provider}',
  loginPageTitle: 'Anmeldeseite',
  loginRunning: 'Anmeldung läuft…',
  loginCancelling: 'Wird abgebrochen…',
  loginDone: 'Angemeldet.',
  loginCancelled: 'Anmeldung abgebrochen.',
  loginFailed: 'Anmeldung fehlgeschlagen: {error}',
  loginFailedBare: 'Anmeldung fehlgeschlagen.',
  loginOpenPage: 'Anmeldeseite öffnen ({host})',
  loginShowAddress: 'Vollständige Adresse anzeigen',
  loginLaunchHint: 'Falls diese Adresse gekürzt wurde, öffnen Sie stattdessen diese lokale Adresse:',
  loginCopyLink: 'Link kopieren',
  loginCopyLaunch: 'Lokale Adresse kopieren',
  loginCopyCode: 'Code kopieren',
  loginCopied: 'Kopiert',
  loginCopyFailed: 'Kopieren nicht möglich: Markieren Sie den Text und kopieren Sie ihn selbst.',
  loginNotALink: 'Nicht als Link angeboten: Nur http- und https-Adressen werden als Link angeboten.',
  loginLinkLabel: '{label} ({host})',
  loginCodeHint: 'Geben Sie diesen Code auf der Seite ein:',
  loginCodePage: 'Seite für den Code öffnen ({host})',
  loginCodeExpiresIn: 'Läuft in {time} ab',
  loginCodeExpiryAnnouncement: 'Verbleibende Zeit für die Eingabe des Codes: {time}',
  loginMinutes: { one: '{count} Minute', other: '{count} Minuten' },
  loginSeconds: { one: '{count} Sekunde', other: '{count} Sekunden' },
  loginCodeExpired: 'Der Code ist abgelaufen.',
  loginMessagesLabel: 'Fortschritt',
  loginCancel: 'Anmeldung abbrechen',
  loginDismiss: 'Schließen',
  loginSendFailed: 'Der Agent war nicht erreichbar. Versuchen Sie es erneut.',
  loginAnnouncement: '{title}: {text}',
  loginPageReady: 'Eine Seite zum Öffnen ist bereit.',
  loginCodeReady: 'Geben Sie den Code {code} ein.',

  // Conversation
  transcriptLabel: 'Unterhaltung',
  transcriptEmpty: 'Noch nichts gesagt. Schreiben Sie unten an den Agenten.',
  transcriptYou: 'Sie',
  transcriptAgent: 'Agent',
  transcriptThinking: 'Denkprozess',
  transcriptToolRunning: 'Läuft',
  transcriptToolDone: 'Fertig',
  transcriptToolFailed: 'Fehlgeschlagen',
  transcriptToolBlocked: 'Blockiert',
  transcriptToolExit: 'Exit-Code {code}',
  transcriptToolLines: 'Zeilen {from}–{to}',
  transcriptToolLinesFrom: 'ab Zeile {from}',
  transcriptToolShowAll: { one: '{count} Zeile ganz anzeigen', other: 'Alle {count} Zeilen anzeigen' },
  transcriptDiffAdded: 'Hinzugefügt:',
  transcriptDiffRemoved: 'Entfernt:',
  transcriptToolArgs: 'Argumente',
  transcriptToolResult: 'Ergebnis',
  transcriptStopped: 'Gestoppt: Der Agent hat diesen Durchgang vorzeitig beendet.',
  transcriptCommandFailed: '„{command}“ fehlgeschlagen:',
  transcriptImage: 'Bild, nicht geladen: {alt}',
  transcriptImageUntitled: 'Bild, nicht geladen',
  transcriptImageAttached: 'An die Eingabe angehängtes Bild',
  transcriptImageRead: 'Aus {path} gelesenes Bild',
  transcriptImageFrom: 'Bild von {tool}',
  transcriptImageNotShown:
    'Ein Bild, das der Agent nicht vollständig oder in einem hier gezeigten Format gesendet hat ({type}).',
  transcriptCopyCode: 'Code kopieren',
  transcriptCopied: 'Kopiert',
  transcriptCopyFailed: 'Kopieren nicht möglich: Markieren Sie den Code und kopieren Sie ihn selbst.',
  transcriptReplyAnnouncement: 'Der Agent sagt: {text}',
  transcriptEarlier: {
    one: 'Frühere Nachrichten anzeigen ({count} weitere)',
    other: 'Frühere Nachrichten anzeigen ({count} weitere)',
  },
  transcriptNoModel: 'Der Agent hat kein Modell',
  transcriptNoModelReason: 'Keine Modelle verfügbar.',
  transcriptNoModelSignIn:
    'Er kann erst antworten, wenn er eines hat. Melden Sie sich bei einem der Anbieter an, die er anbietet: {providers}.',
  transcriptNoModelAdd:
    'Er kann erst antworten, wenn er eines hat: Fügen Sie in den Einstellungen des Agenten ein Modell hinzu und starten Sie ihn dann erneut.',
  transcriptNoModelHelp: 'So fügen Sie ein Modell hinzu',

  // Sessions
  sessionsLabel: 'Sitzungen',
  sessionsListLabel: 'Sitzungen dieses Projekts, neueste zuerst',
  sessionsNew: 'Neue Sitzung',
  sessionsRename: 'Umbenennen',
  sessionsFork: 'Abzweigen…',
  sessionsCurrent: 'Aktuell',
  sessionsUntitled: 'Noch nichts gesagt',
  sessionsMessages: { one: '{count} Nachricht', other: '{count} Nachrichten' },
  sessionsLoading: 'Sitzungen werden aufgelistet…',
  sessionsEmpty: 'Noch keine gespeicherte Sitzung: Der Agent speichert eine, sobald etwas gesagt wurde.',
  sessionsNoBridge: 'Sitzungen werden aufgelistet, wenn die Seite über die rpc-ui-Bridge verbunden ist.',
  sessionsOpening: '„{session}“ wird geöffnet…',
  sessionsOpened: '„{session}“ geöffnet.',
  sessionsStarting: 'Eine neue Sitzung wird gestartet…',
  sessionsStarted: 'Neue Sitzung gestartet.',
  sessionsNaming: 'Die Sitzung wird benannt…',
  sessionsNamed: 'Die Sitzung heißt jetzt „{name}“.',
  sessionsForking: 'Die Sitzung wird abgezweigt…',
  sessionsForked: 'Von „{prompt}“ abgezweigt: Dies ist eine neue Sitzung.',
  sessionsOpenFailed: 'Die Sitzung konnte nicht geöffnet werden: {error}',
  sessionsNewFailed: 'Es konnte keine neue Sitzung gestartet werden: {error}',
  sessionsNameFailed: 'Die Sitzung konnte nicht benannt werden: {error}',
  sessionsForkFailed: 'Die Sitzung konnte nicht abgezweigt werden: {error}',
  sessionsUnsent:
    'Nicht gesendet: Die Seite ist nicht verbunden. Versuchen Sie es erneut, sobald sie es ist.',
  sessionsUnanswered:
    'Die Verbindung brach ab, bevor die Bridge antwortete: Die Liste zeigt, was geschehen ist, sobald sie wieder besteht.',
  sessionsRenameTitle: 'Diese Sitzung benennen',
  sessionsNameLabel: 'Name',
  sessionsSave: 'Speichern',
  sessionsCancel: 'Abbrechen',
  sessionsForkTitle: 'Von einem Prompt abzweigen',
  sessionsForkHint:
    'Eine neue Sitzung beginnt mit dem Gespräch vor dem gewählten Prompt. Diese Sitzung bleibt erhalten.',
  sessionsForkListLabel: 'Prompts dieser Sitzung',
  sessionsForkLoading: 'Der Agent wird nach seinen Prompts gefragt…',
  sessionsForkNone: 'Diese Sitzung hat noch keinen Prompt zum Abzweigen.',
  sessionsForkSubmit: 'Hier abzweigen',

  // Session use
  usageLabel: 'Diese Sitzung',
  usageWaiting: 'Der Agent wird gefragt…',
  usageInput: 'Tokens hinein',
  usageOutput: 'Tokens heraus',
  usageCacheRead: 'Aus dem Cache gelesen',
  usageCacheWrite: 'In den Cache geschrieben',
  usageCost: 'Kosten',
  usageContext: 'Kontext belegt',
  usageContextValue: '{percent} von {window} Tokens',
  usageContextUnknown: 'Nach der nächsten Antwort bekannt',
  modelLabel: 'Modell',
  modelListLabel: 'Modelle, die der Agent nutzen kann',
  modelCurrent: 'Aktuell',
  modelContext: '{window} Kontext',
  modelWaiting: 'Der Agent wird gefragt…',
  modelNone:
    'Der Agent bietet kein Modell an. Melden Sie sich bei einem Anbieter an oder fügen Sie ein Modell in seinen Einstellungen hinzu.',
  modelThinking: 'Denken',
  modelNoThinking: 'Dieses Modell denkt nicht, bevor es antwortet.',
  thinkingOff: 'Aus',
  thinkingMinimal: 'Minimal',
  thinkingLow: 'Niedrig',
  thinkingMedium: 'Mittel',
  thinkingHigh: 'Hoch',
  thinkingXhigh: 'Sehr hoch',
  thinkingMax: 'Maximal',
  thinkingAuto: 'Automatisch',
  modelChanging: 'Das Modell wird gewechselt…',
  modelChanged: 'Der Agent nutzt jetzt {model}.',
  thinkingChanging: 'Die Denkstufe wird geändert…',
  thinkingChanged: 'Denken: {level}.',
  modelFailed: 'Das Modell wurde nicht gewechselt: {error}',
  thinkingFailed: 'Die Denkstufe wurde nicht geändert: {error}',
  modelUnsent: 'Nicht gesendet: Die Seite ist nicht verbunden. Versuchen Sie es erneut, sobald sie es ist.',
  modelUnanswered:
    'Die Verbindung brach ab, bevor der Agent antwortete. Sobald sie zurück ist, zeigt das Feld, was er nutzt.',
  transcriptCompacted: 'Das frühere Gespräch wurde verdichtet: Der Agent behält diese Zusammenfassung',
  transcriptCompactedAuto:
    'Der Kontext war voll: Der Agent hat das frühere Gespräch zu dieser Zusammenfassung verdichtet',
  transcriptCompactedTokens: '{tokens} Tokens zuvor',
  usageCompact: 'Jetzt verdichten',
  usageCompactHint:
    'Der Kontext ist fast voll. Verdichten ersetzt das frühere Gespräch durch eine Zusammenfassung, damit der Agent weitermachen kann; ein laufender Zug wird zuerst angehalten.',
  usageCompacting: 'Die Sitzung wird verdichtet…',
  usageCompacted: 'Die Sitzung wurde verdichtet.',
  usageCompactFailed: 'Die Sitzung wurde nicht verdichtet: {error}',
  usageCompactUnsent:
    'Nicht gesendet: Die Seite ist nicht verbunden. Versuchen Sie es erneut, sobald sie es ist.',
  usageCompactUnanswered:
    'Die Verbindung brach ab, bevor der Agent antwortete. Sobald sie zurück ist, zeigen die Zahlen, was er getan hat.',
};
