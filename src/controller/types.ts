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

/** One notification from the agent. */
export interface NotificationEntry {
  /** The request id: unique per notification. */
  readonly id: string;
  /** May span several lines and carry ANSI SGR codes. */
  readonly message: string;
  readonly notifyType: NotifyType;
  /** Wall-clock time of arrival (ms since the epoch). */
  readonly time: number;
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
  /** A sentence for people. */
  readonly message: string;
}

/** A dialog closed locally without sending anything (the agent aborted it, the session changed). */
export interface DismissEvent {
  readonly dialog: PendingDialog;
}
