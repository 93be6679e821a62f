/** The session list's strings (`rpc-sessions`): a part of {@link RpcStrings}. */
import type { CountedText } from './format.js';
import type { RpcStrings } from './strings.js';
import { textTruncated } from './truncated.js';

/** The strings `rpc-sessions` shows. */
export interface SessionStrings {
  /** Sessions: the panel's title, its accessible name. */
  sessionsLabel: string;
  /** Sessions: the accessible name of the list. */
  sessionsListLabel: string;
  /** Sessions: the button that starts a new session. */
  sessionsNew: string;
  /** Sessions: the button that names the current session. */
  sessionsRename: string;
  /** Sessions: the button that forks the current session from one of its prompts. */
  sessionsFork: string;
  /** Sessions: said in the current session's row. */
  sessionsCurrent: string;
  /** Sessions: a session with neither a name nor a prompt yet. */
  sessionsUntitled: string;
  /** Sessions: a session's size: `{count}` prompts and replies. */
  sessionsMessages: CountedText;
  /** Sessions: the list is asked for. */
  sessionsLoading: string;
  /** Sessions: the project has no saved session. */
  sessionsEmpty: string;
  /** Sessions: the page is not connected through the rpc-ui bridge, which lists sessions. */
  sessionsNoBridge: string;
  /** Sessions: a session is being opened: `{session}`. */
  sessionsOpening: string;
  /** Sessions: a session was opened: `{session}`. */
  sessionsOpened: string;
  /** Sessions: a new session is being started. */
  sessionsStarting: string;
  /** Sessions: a new session was started. */
  sessionsStarted: string;
  /** Sessions: the current session is being named. */
  sessionsNaming: string;
  /** Sessions: the current session was named: `{name}`. */
  sessionsNamed: string;
  /** Sessions: a fork is being made. */
  sessionsForking: string;
  /** Sessions: a fork was made from a prompt: `{prompt}`. */
  sessionsForked: string;
  /** Sessions: opening failed: `{error}`. */
  sessionsOpenFailed: string;
  /** Sessions: starting a session failed: `{error}`. */
  sessionsNewFailed: string;
  /** Sessions: naming failed: `{error}`. */
  sessionsNameFailed: string;
  /** Sessions: forking failed: `{error}`. */
  sessionsForkFailed: string;
  /** Sessions: a command could not be sent. */
  sessionsUnsent: string;
  /** Sessions: the connection dropped before the bridge answered a command. */
  sessionsUnanswered: string;
  /** Sessions: the title of the dialog that names the current session. */
  sessionsRenameTitle: string;
  /** Sessions: the label of the name field. */
  sessionsNameLabel: string;
  /** Sessions: the button that saves the name. */
  sessionsSave: string;
  /** Sessions: the button that closes a dialog without doing anything. */
  sessionsCancel: string;
  /** Sessions: the title of the dialog that forks the current session. */
  sessionsForkTitle: string;
  /** Sessions: what a fork does, under the fork dialog's title. */
  sessionsForkHint: string;
  /** Sessions: the accessible name of the list of prompts to fork from. */
  sessionsForkListLabel: string;
  /** Sessions: the agent is asked for the prompts to fork from. */
  sessionsForkLoading: string;
  /** Sessions: the current session has no prompt to fork from. */
  sessionsForkNone: string;
  /** Sessions: the button that forks from the chosen prompt. */
  sessionsForkSubmit: string;
}

/** The session list's strings. */
export const sessionsEnglish = {
  textTruncated,
  sessionsLabel: 'Sessions',
  sessionsListLabel: 'Sessions of this project, newest first',
  sessionsNew: 'New session',
  sessionsRename: 'Rename',
  sessionsFork: 'Fork…',
  sessionsCurrent: 'Current',
  sessionsUntitled: 'Nothing said yet',
  sessionsMessages: { one: '{count} message', other: '{count} messages' },
  sessionsLoading: 'Listing the sessions…',
  sessionsEmpty: 'No saved session yet: the agent saves one once something is said.',
  sessionsNoBridge: 'Sessions are listed when the page is connected through the rpc-ui bridge.',
  sessionsOpening: 'Opening “{session}”…',
  sessionsOpened: 'Opened “{session}”.',
  sessionsStarting: 'Starting a new session…',
  sessionsStarted: 'Started a new session.',
  sessionsNaming: 'Naming the session…',
  sessionsNamed: 'Named the session “{name}”.',
  sessionsForking: 'Forking the session…',
  sessionsForked: 'Forked from “{prompt}”: this is a new session.',
  sessionsOpenFailed: 'Could not open the session: {error}',
  sessionsNewFailed: 'Could not start a new session: {error}',
  sessionsNameFailed: 'Could not name the session: {error}',
  sessionsForkFailed: 'Could not fork the session: {error}',
  sessionsUnsent: 'Not sent: the page is not connected. Try again once it is.',
  sessionsUnanswered:
    'The connection dropped before the bridge answered: the list says what happened once it is back.',
  sessionsRenameTitle: 'Name this session',
  sessionsNameLabel: 'Name',
  sessionsSave: 'Save',
  sessionsCancel: 'Cancel',
  sessionsForkTitle: 'Fork from a prompt',
  sessionsForkHint:
    'A new session starts with the conversation before the prompt you choose. This one is kept.',
  sessionsForkListLabel: 'Prompts of this session',
  sessionsForkLoading: 'Asking the agent for its prompts…',
  sessionsForkNone: 'This session has no prompt to fork from yet.',
  sessionsForkSubmit: 'Fork from here',
} satisfies Partial<RpcStrings>;
