import type { DialogRequest, NotifyType, WidgetPlacement } from '../protocol/types.js';

/** A dialog waiting for an answer. */
export interface PendingDialog {
  /** The validated request. */
  readonly request: DialogRequest;
  /** When it arrived, on the controller's monotonic clock (ms). */
  readonly receivedAt: number;
  /** When the agent stops waiting, on the same clock; `undefined` when it never does. */
  readonly deadline: number | undefined;
}

/** One keyed status entry. */
export interface StatusEntry {
  readonly key: string;
  /** May carry ANSI SGR codes. */
  readonly text: string;
}

/** One keyed widget: a block of lines above or below the editor. */
export interface WidgetEntry {
  readonly key: string;
  /** May carry ANSI SGR codes. */
  readonly lines: readonly string[];
  readonly placement: WidgetPlacement;
}

/**
 * A note of the client's own among the notifications, as data: the elements word it from their
 * strings (`noteText`), so it can be translated.
 */
export type ClientNote =
  /** A dialog open here was answered in another tab. */
  | { readonly kind: 'answered-elsewhere'; readonly title: string }
  /** Another tab's answer reached the agent before this tab's. */
  | { readonly kind: 'answer-not-used'; readonly title: string }
  /** This tab's answer reached the agent after it stopped waiting. */
  | { readonly kind: 'answer-too-late'; readonly title: string }
  /** The agent withdrew a dialog before it was answered (oh-my-pi's `cancel`). */
  | { readonly kind: 'withdrawn'; readonly title: string }
  /** An extension UI request that is not JSON: the agent may wait on a dialog nobody sees. */
  | { readonly kind: 'unreadable-request'; readonly error: string }
  /** A dialog whose fields could not be used (`fields`) was answered cancelled. */
  | { readonly kind: 'invalid-dialog'; readonly method: string; readonly fields: readonly string[] };

/** One notification: the agent's, or a note of the client's own. */
export interface NotificationEntry {
  /** The request id (unique per notification), or the note's own. */
  readonly id: string;
  /** The agent's text: may span several lines and carry ANSI SGR codes. `''` for a note. */
  readonly message: string;
  readonly notifyType: NotifyType;
  /** Wall-clock time of arrival (ms since the epoch). */
  readonly time: number;
  /** Set for a note of the client's own, worded by the elements. */
  readonly note?: ClientNote;
}

/** A dialog's deadline passed without an answer reaching the agent: it went on with its default. */
export interface ExpireEvent {
  readonly dialog: PendingDialog;
  /**
   * `timeout`: nobody answered in time. `undelivered`: the answer was given while the transport
   * was not open (it waited in the transport's outbox) and the deadline passed before the
   * connection came back (the dialog had left the queue already).
   */
  readonly reason: 'timeout' | 'undelivered';
}

/** A dialog closed locally without sending anything (the agent aborted it, the session changed). */
export interface DismissEvent {
  readonly dialog: PendingDialog;
  /** `withdrawn`: the agent said it no longer waits for it (oh-my-pi's `cancel`, a login's end). */
  readonly reason?: 'withdrawn';
}

/** What {@link ExtensionUIController.respond} did. */
export type RespondOutcome =
  /** The answer was handed to the transport (sent, or queued until the connection is back). */
  | 'sent'
  /** No such dialog is pending: unknown, answered, dismissed or being answered now. */
  | 'not-pending'
  /** Its deadline had passed: it expired now, and nothing was sent. */
  | 'expired'
  /** The transport could not take it (none attached, or it failed): the dialog stays pending. */
  | 'send-failed';
