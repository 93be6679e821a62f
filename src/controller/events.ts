import type { AgentIdentity } from '../protocol/agent.js';
import type { InvalidRequestReport } from '../protocol/report.js';
import type { DialogRequest, ExtensionUIRequest, ExtensionUIResponse } from '../protocol/types.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { ConnectionState, Transport } from '../transport/transport.js';
import type { Clock } from '../shared/clock.js';
import type { LoginEntry } from './logins.js';
import type {
  DismissEvent,
  ExpireEvent,
  NotificationEntry,
  PendingDialog,
  StatusEntry,
  WidgetEntry,
} from './types.js';

/** Which part of the controller's state changed. */
export type ChangeKind =
  | 'dialogs'
  | 'statuses'
  | 'widgets'
  | 'title'
  | 'editorText'
  | 'notifications'
  | 'drafts'
  | 'session'
  | 'agent'
  | 'logins'
  | 'state';

/** Events of an {@link ExtensionUIController}. */
export interface ControllerEvents {
  /** Every valid extension UI request, dialogs and updates alike. */
  request: ExtensionUIRequest;
  /** The dialog queue changed (FIFO; the first is the current one). */
  dialogs: readonly PendingDialog[];
  /** An answer was sent for a dialog. */
  answer: { readonly dialog: PendingDialog; readonly response: ExtensionUIResponse };
  /**
   * A dialog's deadline passed with no answer at the agent: it left the queue and nothing was
   * sent (`timeout`), or its answer still waited for the connection (`undelivered`). Once per
   * dialog.
   */
  expire: ExpireEvent;
  /** A dialog was closed locally (`cancel`, `cancelAll()`, another agent process): nothing was sent. */
  dismiss: DismissEvent;
  /**
   * A question closed here was asked again, the same question under the same id: the bridge
   * replays a dialog it has no answer for (the answer given here was lost). It stays closed.
   */
  repeat: { readonly request: DialogRequest };
  /** The sorted status entries changed. */
  statuses: readonly StatusEntry[];
  /** The widgets changed. */
  widgets: readonly WidgetEntry[];
  /** `setTitle` arrived. */
  title: string;
  /** `set_editor_text` arrived (every time, even with the same text). */
  editorText: string;
  /** A notification arrived, the agent's or a note of the client's own. */
  notify: NotificationEntry;
  /**
   * A line that looked like an extension UI request could not be used. A dialog request with bad
   * fields is answered `{cancelled: true}` once (`cancelled` in the report), so the agent goes on,
   * and a note says so among the notifications, for the user.
   */
  invalid: InvalidRequestReport;
  /** Any line that is not an extension UI request, unchanged (command responses, events). */
  message: InboundMessage;
  /**
   * A line that is not JSON at all: the agent's own output (oh-my-pi writes an extension's
   * `console.log` to stdout). For a log; it is not an error.
   */
  output: string;
  /** What is known of the agent changed (oh-my-pi's `ready`, the bridge's hello). */
  agent: AgentIdentity;
  /** The agent's logins, or the providers it offers, changed (atomic's `oauth_*`, oh-my-pi's `open_url`). */
  logins: readonly LoginEntry[];
  /** The transport's connection state changed. */
  state: ConnectionState;
  /** A transport error, or an answer that could not be sent. */
  error: Error;
  /** Some state changed; one event per change, naming the part. */
  change: ChangeKind;
}

/** Options of an {@link ExtensionUIController}. */
export interface ControllerOptions {
  /** Attach to this transport at once. */
  readonly transport?: Transport;
  /** The clock for deadlines (defaults to `performance.now()` and global timers). */
  readonly clock?: Clock;
  /** How many notifications to keep: the newest errors and the newest others, this many each (default 100). */
  readonly notificationLimit?: number;
}
