import { quotedText } from '../protocol/ansi.js';
import { parseRequest } from '../protocol/parse.js';
import type { InvalidRequestReport } from '../protocol/report.js';
import { cancelResponse, responseFor } from '../protocol/responses.js';
import type {
  DialogAnswer,
  DialogRequest,
  ExtensionUIRequest,
  ExtensionUIResponse,
  NotifyType,
} from '../protocol/types.js';
import { DIALOG_METHODS, dialogTimeout, isDialogRequest, REQUEST_TYPE } from '../protocol/types.js';
import { BoundedSet } from '../transport/bounded-set.js';
import { type Clock, systemClock } from './clock.js';
import { Emitter } from '../transport/emitter.js';
import { TransportError } from '../transport/errors.js';
import type { InboundMessage } from '../transport/inbound.js';
import { type ControllerSnapshot, readSnapshot } from './snapshot.js';
import type {
  DismissEvent,
  ExpireEvent,
  NotificationEntry,
  PendingDialog,
  StatusEntry,
  WidgetEntry,
} from './types.js';
import type { ConnectionState, OutboundMessage, Transport } from '../transport/transport.js';

/** Which part of the controller's state changed. */
export type ChangeKind =
  | 'dialogs'
  | 'statuses'
  | 'widgets'
  | 'title'
  | 'editorText'
  | 'notifications'
  | 'drafts'
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
   * sent (`timeout`), or its answer still waited for the connection (`undelivered`).
   */
  expire: ExpireEvent;
  /** A dialog was closed locally with `cancel` / `cancelAll()`: nothing was sent. */
  dismiss: DismissEvent;
  /** The sorted status entries changed. */
  statuses: readonly StatusEntry[];
  /** The widgets changed. */
  widgets: readonly WidgetEntry[];
  /** `setTitle` arrived. */
  title: string;
  /** `set_editor_text` arrived (every time, even with the same text). */
  editorText: string;
  /** A notification arrived. */
  notify: NotificationEntry;
  /**
   * A line that looked like an extension UI request could not be used. A dialog request with bad
   * fields is answered `{cancelled: true}` once (`cancelled` in the report), so the agent goes on,
   * and the report is added to the notifications as an error, for the user.
   */
  invalid: InvalidRequestReport;
  /** Any line that is not an extension UI request, unchanged (command responses, events). */
  message: InboundMessage;
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

const REPORT_RAW_LIMIT = 10_000;
const CLOSED_ID_LIMIT = 4096;

function clip(raw: string): string {
  return raw.length > REPORT_RAW_LIMIT
    ? `${raw.slice(0, REPORT_RAW_LIMIT)}… (${raw.length} characters)`
    : raw;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`;
}

/**
 * The client side of the extension UI protocol, DOM-free. It reads requests from a transport,
 * keeps the UI state (a FIFO of dialogs with deadlines, statuses, widgets, title, editor text,
 * notifications) and sends each dialog's answer exactly once. Every other line passes through to
 * the host unparsed, as a `message` event.
 */
export class ExtensionUIController {
  readonly #events = new Emitter<ControllerEvents>();
  readonly #clock: Clock;
  readonly #notificationLimit: number;
  readonly #dialogs = new Map<string, PendingDialog>();
  /** What the user typed so far in pending dialogs, by id (kept in snapshots). */
  readonly #drafts = new Map<string, string>();
  readonly #timers = new Map<string, unknown>();
  readonly #answering = new Set<string>();
  /** Deadline timers of answers given while the transport was not open, by dialog id. */
  readonly #undelivered = new Map<string, unknown>();
  #notes = 0;
  readonly #closed = new BoundedSet<string>(CLOSED_ID_LIMIT);
  readonly #statuses = new Map<string, string>();
  readonly #widgets = new Map<string, WidgetEntry>();
  #notifications: NotificationEntry[] = [];
  #title: string | undefined;
  #editorText: string | undefined;
  #transport: Transport | undefined;
  #unsubscribe: (() => void)[] = [];
  #dialogList: readonly PendingDialog[] | undefined;
  #statusList: readonly StatusEntry[] | undefined;
  #widgetList: readonly WidgetEntry[] | undefined;

  constructor(options: ControllerOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#notificationLimit = options.notificationLimit ?? 100;
    if (options.transport) this.attach(options.transport);
  }

  /** Listen for an event; returns the function that stops listening. */
  on<K extends keyof ControllerEvents>(type: K, listener: (event: ControllerEvents[K]) => void): () => void {
    return this.#events.on(type, listener);
  }

  /** How many listeners are attached (all events), to check that nothing is left behind. */
  get listenerCount(): number {
    return this.#events.listenerCount();
  }

  /** Read from and answer through `transport`, replacing any transport attached before. */
  attach(transport: Transport): void {
    this.detach();
    this.#transport = transport;
    const onState = (state: ConnectionState) => {
      // Open: the transport sent what waited in its outbox, the answers too.
      if (state === 'open') this.#delivered();
      this.#update('state', state);
    };
    this.#unsubscribe = [
      transport.on('message', this.#onMessage),
      transport.on('state', onState),
      transport.on('error', (error) => this.#events.emit('error', error)),
    ];
    // The state it has now: not a reconnect (an answer in an earlier transport's outbox is not sent).
    this.#update('state', transport.state);
  }

  /** Stop reading from the transport (it stays open). Pending dialogs are kept. */
  detach(): void {
    for (const stop of this.#unsubscribe) stop();
    this.#unsubscribe = [];
    this.#transport = undefined;
  }

  /** The attached transport's state (`closed` when none is attached). */
  get connectionState(): ConnectionState {
    return this.#transport?.state ?? 'closed';
  }

  /** The clock deadlines are measured on. */
  get clock(): Clock {
    return this.#clock;
  }

  /** Pending dialogs, oldest first. The same array until the queue changes. */
  get dialogs(): readonly PendingDialog[] {
    this.#dialogList ??= [...this.#dialogs.values()];
    return this.#dialogList;
  }

  /** The dialog to show now: the oldest pending one. */
  get current(): PendingDialog | undefined {
    return this.dialogs[0];
  }

  /** The text typed so far in the pending dialog `id` (see {@link setDraft}), if any. */
  draft(id: string): string | undefined {
    return this.#drafts.get(id);
  }

  /**
   * Keep what the user typed so far in the pending dialog `id` (an input's or editor's text), so
   * that a snapshot brings it back with the dialog: a reload, or a VS Code webview hidden and
   * shown again, does not lose it. The input and editor elements call this as the user types.
   * Ignored for a dialog that is not pending; dropped when the dialog ends.
   */
  setDraft(id: string, text: string): void {
    if (!this.#dialogs.has(id) || this.#drafts.get(id) === text) return;
    this.#drafts.set(id, text);
    this.#changed('drafts');
  }

  /** Milliseconds until `dialog`'s deadline (never negative), or `undefined` when it has none. */
  remaining(dialog: PendingDialog): number | undefined {
    return dialog.deadline === undefined ? undefined : Math.max(0, dialog.deadline - this.#clock.now());
  }

  /** Status entries sorted by key with `localeCompare`, as pi's own footer sorts them. */
  get statuses(): readonly StatusEntry[] {
    this.#statusList ??= [...this.#statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, text]) => ({ key, text }));
    return this.#statusList;
  }

  /** Every widget, in the order they were first set. */
  get widgets(): readonly WidgetEntry[] {
    this.#widgetList ??= [...this.#widgets.values()];
    return this.#widgetList;
  }

  /** The widgets for one placement. */
  widgetsFor(placement: WidgetEntry['placement']): readonly WidgetEntry[] {
    return this.widgets.filter((widget) => widget.placement === placement);
  }

  /** The last title set, if any. */
  get title(): string | undefined {
    return this.#title;
  }

  /** The last editor text set, if any. */
  get editorText(): string | undefined {
    return this.#editorText;
  }

  /** Recent notifications, oldest first (the newest `notificationLimit` errors and as many others). */
  get notifications(): readonly NotificationEntry[] {
    return this.#notifications;
  }

  /** Forget the notification history. */
  clearNotifications(): void {
    this.#notifications = [];
    this.#changed('notifications');
  }

  /** Drop one notification from the history (the user dismissed it): snapshots leave it out. */
  dismissNotification(id: string): void {
    this.#notifications = this.#notifications.filter((entry) => entry.id !== id);
    this.#changed('notifications');
  }

  /**
   * Answer a pending dialog. Sends exactly one response: a second call, a call for an unknown,
   * expired or dismissed dialog, or a call while no transport can send returns `false` and sends
   * nothing (a failed send keeps the dialog pending and emits `error`). A dialog whose deadline
   * has passed expires now, even when its timer has not run yet (a throttled tab).
   * @throws TypeError when the answer's kind does not fit the dialog (`confirmed` for a select).
   */
  respond(id: string, answer: DialogAnswer): boolean {
    const dialog = this.#pending(id);
    if (!dialog) return false;
    const response = responseFor(dialog.request, answer);
    if (this.remaining(dialog) === 0) {
      this.#expire(dialog);
      return false;
    }
    this.#answering.add(id);
    try {
      this.send(response);
    } catch (error) {
      this.#answering.delete(id);
      this.#error(error);
      return false;
    }
    this.#answering.delete(id);
    this.#remove(id);
    this.#events.emit('answer', { dialog, response });
    if (this.connectionState !== 'open' && dialog.deadline !== undefined) this.#awaitDelivery(dialog);
    return true;
  }

  /**
   * Add a note of the client's own to the notifications (the drop-in host says so when another
   * tab answered a dialog first, say); `notify` is emitted as for the agent's.
   */
  note(message: string, notifyType: NotifyType = 'info'): void {
    // Unique across reloads too (a restored list may hold earlier notes).
    const time = Date.now();
    this.#notify({ id: `rpc-ui-note-${time.toString(36)}-${++this.#notes}`, message, notifyType, time });
  }

  /**
   * Close a pending dialog locally, sending nothing (the agent already gave up on it).
   * @returns whether the dialog was pending
   */
  cancel(id: string): boolean {
    const dialog = this.#pending(id);
    if (!dialog) return false;
    this.#remove(id);
    this.#events.emit('dismiss', { dialog });
    return true;
  }

  /**
   * Close every pending dialog. With `respond: true` (the user pressed Stop) each gets
   * `{cancelled: true}`, which unblocks the agent; otherwise they close locally.
   * @returns how many dialogs were closed
   */
  cancelAll(options: { readonly respond?: boolean } = {}): number {
    let count = 0;
    for (const { request } of this.dialogs) {
      const closed = options.respond
        ? this.respond(request.id, { cancelled: true })
        : this.cancel(request.id);
      if (closed) count++;
    }
    return count;
  }

  /**
   * Send a host command (`prompt`, `abort`, ...) over the same transport.
   * @throws TypeError for a message that is not a plain object, TransportError when it cannot be sent.
   */
  send(message: OutboundMessage): void {
    if (!this.#transport)
      throw new TransportError('send-failed', 'No transport is attached; nothing was sent.');
    this.#transport.send(message);
  }

  /** A JSON-serialisable copy of the state, dialogs with their remaining time. */
  snapshot(): ControllerSnapshot {
    const now = this.#clock.now();
    return {
      version: 1,
      savedAt: Date.now(),
      dialogs: this.dialogs.map(({ request, receivedAt, deadline }) => ({
        request,
        ageMs: now - receivedAt,
        remainingMs: deadline === undefined ? null : Math.max(0, deadline - now),
        draft: this.#drafts.get(request.id),
      })),
      // These arrays are never changed in place: a new one replaces each.
      statuses: this.statuses,
      widgets: this.widgets,
      title: this.#title,
      editorText: this.#editorText,
      notifications: this.#notifications,
      closedIds: this.#closed.values(),
    };
  }

  /**
   * Bring back a state from `snapshot()` (after a reload, or a hidden VS Code webview). Dialogs
   * keep their remaining time less the wall-clock time since the snapshot; one whose time ran out
   * meanwhile expires at once, and the text typed in them comes back (`draft`). Dialogs already
   * pending are kept. Emits `statuses`, `widgets` and
   * `title` (when there is one) with the restored values; not `editorText`, which fills the
   * host's composer and would overwrite what the user typed since (its `change` is emitted).
   * Input that is not a valid snapshot is refused.
   * @throws TypeError with the reason when `data` is not a snapshot.
   */
  restore(data: unknown): void {
    const snapshot = readSnapshot(data);
    const away = Math.max(0, Date.now() - (snapshot.savedAt ?? Date.now()));
    for (const id of snapshot.closedIds) this.#closed.add(id);
    for (const { request, ageMs, remainingMs, draft } of snapshot.dialogs)
      if (!this.#known(request.id)) {
        if (draft !== undefined) this.#drafts.set(request.id, draft);
        this.#open(request, ageMs + away, remainingMs === null ? undefined : remainingMs - away);
      }
    this.#statuses.clear();
    for (const { key, text } of snapshot.statuses) this.#statuses.set(key, text);
    this.#widgets.clear();
    for (const widget of snapshot.widgets) this.#widgets.set(widget.key, widget);
    this.#title = snapshot.title;
    this.#editorText = snapshot.editorText;
    this.#notifications = this.#latest(snapshot.notifications);
    this.#statusList = undefined;
    this.#widgetList = undefined;
    this.#update('statuses', this.statuses);
    this.#update('widgets', this.widgets);
    if (this.#title !== undefined) this.#events.emit('title', this.#title);
    for (const kind of ['title', 'editorText', 'notifications'] as const) this.#changed(kind);
  }

  /**
   * Forget what ended while this client was away, as the rpc-ui bridge's `rpc_ui_hello` lists
   * what is still live: pending dialogs not in `dialogs` close locally (`dismiss`, nothing is
   * sent), statuses and widgets whose keys are not listed are removed. A list that is not an
   * array keeps its part as it is (an older bridge sends none).
   */
  retain(live: {
    readonly dialogs?: unknown;
    readonly statuses?: unknown;
    readonly widgets?: unknown;
  }): void {
    const gone = (list: unknown) => (key: string) => Array.isArray(list) && !list.includes(key);
    for (const { request } of this.dialogs) if (gone(live.dialogs)(request.id)) this.cancel(request.id);
    const statuses = [...this.#statuses.keys()].filter(gone(live.statuses));
    for (const key of statuses) this.#statuses.delete(key);
    if (statuses.length > 0) {
      this.#statusList = undefined;
      this.#update('statuses', this.statuses);
    }
    const widgets = [...this.#widgets.keys()].filter(gone(live.widgets));
    for (const key of widgets) this.#widgets.delete(key);
    if (widgets.length > 0) {
      this.#widgetList = undefined;
      this.#update('widgets', this.widgets);
    }
  }

  /** Detach, stop every timer, close the dialogs (telling bound elements) and drop every listener. */
  dispose(): void {
    this.detach();
    for (const handle of this.#timers.values()) this.#clock.clearTimeout(handle);
    this.#timers.clear();
    this.#delivered();
    this.#dialogs.clear();
    this.#drafts.clear();
    this.#dialogsChanged();
    this.#events.clear();
  }

  // The hot path: called for every line. Only extension UI requests, and lines whose type could
  // not be read, are parsed.
  #onMessage = (message: InboundMessage): void => {
    const type = message.type;
    if (type === REQUEST_TYPE || type === undefined) {
      const parsed = message.parse();
      if (!parsed.ok) {
        const what = type ? 'An extension UI request' : 'A line from the agent';
        const said = `${what} is not valid JSON (${parsed.error}); it was ignored.`;
        // A dialog among them would leave the agent waiting with nothing shown: the user is told.
        if (type) this.note(said, 'error');
        this.#events.emit('invalid', { raw: clip(message.text), reason: 'malformed-json', message: said });
        return;
      }
      if (type) {
        this.#handleRequest(parsed.value, message);
        return;
      }
    }
    if (this.#events.has('message')) this.#events.emit('message', message);
  };

  #handleRequest(value: unknown, line: InboundMessage): void {
    const result = parseRequest(value, line.text);
    if (!result.ok) {
      this.#reject({ ...result.report, raw: clip(result.report.raw) });
      return;
    }
    const request = result.request;
    this.#events.emit('request', request);
    if (!isDialogRequest(request)) this.#receiveUpdate(request);
    else if (this.#dialogs.has(request.id)) this.#replayed(request);
    else if (this.#closed.has(request.id)) {
      const { id, method } = request;
      this.#events.emit('invalid', {
        raw: clip(line.text),
        reason: 'duplicate-id',
        message: `A ${method} request with id "${id}" was already closed; the repeat was ignored.`,
        id,
        method,
      });
    } else this.#open(request, 0, dialogTimeout(request));
  }

  /**
   * Report a request that cannot be used. A dialog the agent waits on (a usable id, a dialog
   * method, bad fields) is answered `{cancelled: true}` once, or it would block the agent for good.
   */
  #reject(report: InvalidRequestReport): void {
    const { id, method } = report;
    if (report.reason === 'invalid-fields' && id && DIALOG_METHODS.has(method ?? '') && !this.#known(id)) {
      this.#closed.add(id);
      try {
        this.send(cancelResponse(id));
      } catch (error) {
        this.#error(error);
      }
      report = { ...report, message: `${report.message} It was answered as cancelled.`, cancelled: true };
      this.#notify({ id, message: report.message, notifyType: 'error', time: Date.now() });
    }
    this.#events.emit('invalid', report);
  }

  #error(error: unknown): void {
    this.#events.emit('error', error instanceof Error ? error : new Error(String(error)));
  }

  /**
   * The same dialog again, still pending: the bridge replays it after a reconnect with the time it
   * has left. Taken silently; the earlier deadline wins.
   */
  #replayed(request: DialogRequest): void {
    const { id } = request;
    const dialog = this.#dialogs.get(id);
    const timeout = dialogTimeout(request) ?? Infinity;
    if (!dialog || (this.remaining(dialog) ?? Infinity) <= timeout) return;
    const deadline = this.#clock.now() + timeout;
    // Elements count down to `receivedAt` plus the (first) request's timeout: keep that the deadline.
    const first = dialogTimeout(dialog.request);
    const receivedAt = first === undefined ? dialog.receivedAt : deadline - first;
    const next: PendingDialog = { ...dialog, receivedAt, deadline };
    this.#dialogs.set(id, next);
    this.#clock.clearTimeout(this.#timers.get(id));
    this.#dialogsChanged();
    this.#schedule(next, next.deadline ?? 0);
  }

  /** The dialog with this id when it is pending and no answer to it is being sent. */
  #pending(id: string): PendingDialog | undefined {
    return this.#answering.has(id) ? undefined : this.#dialogs.get(id);
  }

  /** Whether a dialog with this id is pending or was closed. */
  #known(id: string): boolean {
    return this.#dialogs.has(id) || this.#closed.has(id);
  }

  /** Queue a dialog that arrived `ageMs` ago; its deadline is in `remainingMs`, if any. */
  #open(request: DialogRequest, ageMs: number, remainingMs: number | undefined): void {
    const now = this.#clock.now();
    const deadline = remainingMs === undefined ? undefined : now + remainingMs;
    const dialog: PendingDialog = { request, receivedAt: now - ageMs, deadline };
    this.#dialogs.set(request.id, dialog);
    this.#dialogsChanged();
    if (deadline !== undefined) this.#schedule(dialog, deadline);
  }

  /** Expire `dialog` at `deadline`; at once when it has passed (a restored dialog). */
  #schedule(dialog: PendingDialog, deadline: number): void {
    const { id } = dialog.request;
    // Answered or replaced meanwhile (perhaps by a listener of its own `dialogs` event).
    if (this.#dialogs.get(id) !== dialog) return;
    const left = deadline - this.#clock.now();
    // Timers may fire a little early against the monotonic clock: then wait out the rest.
    if (left > 0)
      this.#timers.set(
        id,
        this.#clock.setTimeout(() => this.#schedule(dialog, deadline), left),
      );
    else this.#expire(dialog);
  }

  #expire(dialog: PendingDialog): void {
    const { id, title } = dialog.request;
    this.#remove(id);
    const message = `“${quotedText(title)}” was not answered within ${seconds((dialog.deadline ?? 0) - dialog.receivedAt)}; the agent went on with its default.`;
    this.#events.emit('expire', { dialog, reason: 'timeout', message });
  }

  /**
   * An answer waits in the transport's outbox: if the connection is not back by the dialog's
   * deadline, the agent has gone on with its default, and the user is told (`expire`).
   */
  #awaitDelivery(dialog: PendingDialog): void {
    const { id, title } = dialog.request;
    const left = Math.max(0, (dialog.deadline ?? 0) - this.#clock.now());
    const handle = this.#clock.setTimeout(() => {
      this.#undelivered.delete(id);
      const message = `The answer to “${quotedText(title)}” could not be sent before the agent stopped waiting; it went on with its default.`;
      this.#events.emit('expire', { dialog, reason: 'undelivered', message });
    }, left);
    this.#undelivered.set(id, handle);
  }

  #delivered(): void {
    for (const handle of this.#undelivered.values()) this.#clock.clearTimeout(handle);
    this.#undelivered.clear();
  }

  #remove(id: string): void {
    const handle = this.#timers.get(id);
    if (handle !== undefined) this.#clock.clearTimeout(handle);
    this.#timers.delete(id);
    this.#dialogs.delete(id);
    this.#drafts.delete(id);
    this.#closed.add(id);
    this.#dialogsChanged();
  }

  #dialogsChanged(): void {
    this.#dialogList = undefined;
    this.#update('dialogs', this.dialogs);
  }

  #receiveUpdate(request: Exclude<ExtensionUIRequest, DialogRequest>): void {
    switch (request.method) {
      case 'notify': {
        const { id, message, notifyType } = request;
        this.#notify({ id, message, notifyType, time: Date.now() });
        return;
      }
      case 'setStatus': {
        const { statusKey: key, statusText: text } = request;
        if (text === undefined) {
          if (!this.#statuses.delete(key)) return;
        } else {
          if (this.#statuses.get(key) === text) return;
          this.#statuses.set(key, text);
        }
        this.#statusList = undefined;
        this.#update('statuses', this.statuses);
        return;
      }
      case 'setWidget': {
        const { widgetKey: key, widgetLines: lines, widgetPlacement: placement } = request;
        if (lines === undefined) {
          if (!this.#widgets.delete(key)) return;
        } else this.#widgets.set(key, { key, lines, placement });
        this.#widgetList = undefined;
        this.#update('widgets', this.widgets);
        return;
      }
      case 'setTitle':
        this.#title = request.title;
        this.#update('title', request.title);
        return;
      case 'set_editor_text':
        this.#editorText = request.text;
        this.#update('editorText', request.text);
        return;
    }
  }

  #notify(entry: NotificationEntry): void {
    this.#notifications = this.#latest([...this.#notifications, entry]);
    this.#events.emit('notify', entry);
    this.#changed('notifications');
  }

  /**
   * The newest `notificationLimit` errors (they stay until dismissed) and the newest
   * `notificationLimit` of the others, in order: a flood of either cannot push out the other.
   */
  #latest(entries: readonly NotificationEntry[]): NotificationEntry[] {
    const room = { error: this.#notificationLimit, other: this.#notificationLimit };
    return [...entries]
      .reverse()
      .filter((entry) => room[entry.notifyType === 'error' ? 'error' : 'other']-- > 0)
      .reverse();
  }

  /** Emit `kind` with its new value, then `change`. */
  #update<K extends ChangeKind & keyof ControllerEvents>(kind: K, value: ControllerEvents[K]): void {
    this.#events.emit(kind, value);
    this.#changed(kind);
  }

  #changed(kind: ChangeKind): void {
    this.#events.emit('change', kind);
  }
}
