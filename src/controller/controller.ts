/**
 * `ExtensionUIController`, the kit's public API: long because it is one class that people use as
 * one; what it does is in the files beside it (routing, the dialog queue, the UI state, snapshots,
 * logins), and this file only holds them together.
 */
import type { AgentIdentity } from '../protocol/agent.js';
import { responseFor } from '../protocol/responses.js';
import type { DialogAnswer, NotifyType } from '../protocol/types.js';
import { Emitter } from '../shared/emitter.js';
import { TransportError } from '../transport/errors.js';
import type { ConnectionState, OutboundMessage, Transport } from '../transport/transport.js';
import { type Clock, systemClock } from '../shared/clock.js';
import { DialogQueue } from './dialog-queue.js';
import { Logins } from './logins.js';
import type { ChangeKind, ControllerEvents, ControllerOptions } from './events.js';
import { type RoutingTargets, routeLine } from './routing.js';
import { type ControllerSnapshot, readSnapshot, restoreSnapshot, takeSnapshot } from './snapshot.js';
import type {
  ClientNote,
  NotificationEntry,
  PendingDialog,
  RespondOutcome,
  StatusEntry,
  WidgetEntry,
} from './types.js';
import { type UiStateKind, UiState } from './ui-state.js';

export type { ChangeKind, ControllerEvents, ControllerOptions } from './events.js';

/**
 * The client side of the extension UI protocol, DOM-free. It reads requests from a transport,
 * keeps the UI state (a FIFO of dialogs with deadlines, statuses, widgets, title, editor text,
 * notifications) and sends each dialog's answer exactly once, to the question it was given to.
 * Every other line passes through to the host unparsed, as a `message` event.
 */
export class ExtensionUIController {
  readonly #events = new Emitter<ControllerEvents>();
  readonly #clock: Clock;
  readonly #queue: DialogQueue;
  readonly #state: UiState;
  /** Dialogs whose answer is being handed to the transport now (a listener may call back). */
  readonly #answering = new Set<string>();
  readonly #routing: RoutingTargets;
  #session: string | undefined;
  #agent: AgentIdentity | undefined;
  #notes = 0;
  /** The agent's logins (atomic's `oauth_*`, oh-my-pi's `open_url`): start, cancel, dismiss. */
  readonly logins: Logins = new Logins({
    send: (message) => this.send(message),
    dialogs: () => this.dialogs.map((dialog) => dialog.request),
    withdraw: (id) => this.#withdraw(id, false),
    changed: () => this.#update('logins', this.logins.list),
  });
  #transport: Transport | undefined;
  #unsubscribe: (() => void)[] = [];

  constructor(options: ControllerOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#queue = new DialogQueue(this.#clock, {
      changed: (kind) => (kind === 'dialogs' ? this.#update('dialogs', this.dialogs) : this.#changed(kind)),
      expired: (event) => this.#events.emit('expire', event),
    });
    this.#state = new UiState(options.notificationLimit ?? 100, this.#stateChanged);
    this.#routing = {
      events: this.#events,
      queue: this.#queue,
      state: this.#state,
      notify: (entry) => this.#notify(entry),
      noteId: () => this.#noteId(),
      logins: this.logins,
      agent: () => this.#agent,
      useAgent: (agent) => this.useAgent(agent),
      withdraw: (id) => this.#withdraw(id, true),
      cancel: (id) => this.cancel(id),
      send: (message) => this.send(message),
      error: (error) => this.#error(error),
    };
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
      if (state === 'open') this.#queue.delivered();
      this.#update('state', state);
    };
    this.#unsubscribe = [
      transport.on('message', (line) => routeLine(line, this.#routing)),
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
    return this.#queue.pending;
  }

  /** The dialog to show now: the oldest pending one. */
  get current(): PendingDialog | undefined {
    return this.dialogs[0];
  }

  /** The text typed so far in the pending dialog `id` (see {@link setDraft}), if any. */
  draft(id: string): string | undefined {
    return this.#queue.draft(id);
  }

  /**
   * Keep what the user typed so far in the pending dialog `id` (an input's or editor's text), so
   * that a snapshot brings it back with the dialog: a reload, or a VS Code webview hidden and
   * shown again, does not lose it. Ignored for a dialog that is not pending; dropped when it ends.
   */
  setDraft(id: string, text: string): void {
    this.#queue.setDraft(id, text);
  }

  /** Milliseconds until `dialog`'s deadline (never negative), or `undefined` when it has none. */
  remaining(dialog: PendingDialog): number | undefined {
    return this.#queue.remaining(dialog);
  }

  /**
   * The agent process the questions come from, as the rpc-ui bridge names it (`rpc_ui_hello`'s
   * `session`); `undefined` until one is named.
   */
  get agentSession(): string | undefined {
    return this.#session;
  }

  /**
   * Name the agent process now asking. Unless it is the one the state came from, nothing of that
   * one applies to this one, whose ids may be the same: pending dialogs close locally (`dismiss`,
   * nothing is sent), and the questions closed so far and their drafts are forgotten. An unnamed
   * process (`undefined`) is never taken for the same one.
   * @returns whether it was another process
   */
  useAgentSession(session: string | undefined): boolean {
    if (session !== undefined && session === this.#session) return false;
    this.#session = session;
    for (const dialog of this.#queue.clear({ closed: true })) this.#events.emit('dismiss', { dialog });
    this.logins.clear();
    this.#changed('session');
    return true;
  }

  /** The agent at the other end, as far as it is known (oh-my-pi's `ready`, the bridge's hello). */
  get agent(): AgentIdentity | undefined {
    return this.#agent;
  }

  /** Say which agent this is: the kit follows it where agents differ (`timeout: 0`). */
  useAgent(agent: AgentIdentity): void {
    this.#agent = agent;
    this.#update('agent', agent);
  }

  /** Status entries sorted by key with `localeCompare`, as pi's own footer sorts them. */
  get statuses(): readonly StatusEntry[] {
    return this.#state.statuses;
  }

  /** Every widget, in the order they were first set. */
  get widgets(): readonly WidgetEntry[] {
    return this.#state.widgets;
  }

  /** The widgets for one placement. */
  widgetsFor(placement: WidgetEntry['placement']): readonly WidgetEntry[] {
    return this.widgets.filter((widget) => widget.placement === placement);
  }

  /** The last title set, if any. */
  get title(): string | undefined {
    return this.#state.title;
  }

  /** The last editor text set, if any. */
  get editorText(): string | undefined {
    return this.#state.editorText;
  }

  /** Recent notifications, oldest first (the newest `notificationLimit` errors and as many others). */
  get notifications(): readonly NotificationEntry[] {
    return this.#state.notifications;
  }

  /** Forget the notification history. */
  clearNotifications(): void {
    this.#state.dismissNotification();
  }

  /** Drop one notification from the history (the user dismissed it): snapshots leave it out. */
  dismissNotification(id: string): void {
    this.#state.dismissNotification(id);
  }

  /**
   * Answer a pending dialog: exactly one response is sent for it. A dialog whose deadline has
   * passed expires now, even when its timer has not run yet (a throttled tab). A failed send keeps
   * the dialog pending and emits `error`.
   * @returns what happened: `sent`, `not-pending`, `expired` or `send-failed`
   * @throws TypeError when the answer's kind does not fit the dialog (`confirmed` for a select).
   */
  respond(id: string, answer: DialogAnswer): RespondOutcome {
    const dialog = this.#pending(id);
    if (!dialog) return 'not-pending';
    const response = responseFor(dialog.request, answer);
    if (this.remaining(dialog) === 0) {
      this.#queue.remove(id);
      this.#events.emit('expire', { dialog, reason: 'timeout' });
      return 'expired';
    }
    this.#answering.add(id);
    try {
      this.send(response);
    } catch (error) {
      this.#error(error);
      return 'send-failed';
    } finally {
      this.#answering.delete(id);
    }
    this.#queue.remove(id);
    this.#events.emit('answer', { dialog, response });
    if (this.connectionState !== 'open') this.#queue.awaitDelivery(dialog);
    return 'sent';
  }

  /**
   * Add a note of the client's own to the notifications (the drop-in host says so when another
   * tab answered a dialog first, say): a {@link ClientNote}, which the elements word from their
   * strings, or a sentence of the host's own. `notify` is emitted as for the agent's.
   */
  note(note: ClientNote | string, notifyType: NotifyType = 'info'): void {
    const words = typeof note === 'string' ? { message: note } : { message: '', note };
    this.#notify({ id: this.#noteId(), notifyType, time: Date.now(), ...words });
  }

  /**
   * Close a pending dialog locally, sending nothing (the agent already gave up on it).
   * @returns whether the dialog was pending
   */
  cancel(id: string): boolean {
    const dialog = this.#pending(id);
    if (!dialog) return false;
    this.#queue.remove(id);
    this.#events.emit('dismiss', { dialog });
    return true;
  }

  /** The agent no longer waits for dialog `id`: close it, and with `note` say so (a login's card does). */
  #withdraw(id: string, note: boolean): void {
    const dialog = this.#pending(id);
    if (!dialog) return;
    this.#queue.remove(id);
    this.#events.emit('dismiss', { dialog, reason: 'withdrawn' });
    if (note) this.note({ kind: 'withdrawn', title: dialog.request.title });
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
        ? this.respond(request.id, { cancelled: true }) === 'sent'
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
    return takeSnapshot(this.#clock.now(), this.#session, this.#queue, this.#state);
  }

  /**
   * Bring back a state from `snapshot()` (after a reload, or a hidden VS Code webview): dialogs
   * with their time left less the time away and their drafts, unless the snapshot is of another
   * agent process. Emits `statuses`, `widgets` and `title` with the restored values; not
   * `editorText`, which would overwrite the host's composer (its `change` is). docs/client.md
   * says more.
   * @throws TypeError with the reason when `data` is not a snapshot.
   */
  restore(data: unknown): void {
    this.#session = restoreSnapshot(readSnapshot(data), this.#session, this.#queue, this.#state);
    this.#update('statuses', this.statuses);
    this.#update('widgets', this.widgets);
    if (this.title !== undefined) this.#events.emit('title', this.title);
    for (const kind of ['title', 'editorText', 'notifications'] as const) this.#changed(kind);
  }

  /**
   * Forget what ended while this client was away, as the bridge's `rpc_ui_hello` lists what is
   * live: dialogs not listed close locally (`dismiss`, nothing sent), statuses and widgets not
   * listed go. An absent list keeps its part as it is (an older bridge sends none).
   */
  retain(live: {
    readonly dialogs?: readonly string[];
    readonly statuses?: readonly string[];
    readonly widgets?: readonly string[];
  }): void {
    for (const { request } of this.dialogs)
      if (live.dialogs?.includes(request.id) === false) this.cancel(request.id);
    this.#state.retain(live.statuses, live.widgets);
  }

  /** Detach, stop every timer, close the dialogs (telling bound elements) and drop every listener. */
  dispose(): void {
    this.detach();
    this.#queue.clear({ closed: false });
    this.#events.clear();
  }

  // Unique across reloads too (a restored list may hold earlier notes).
  #noteId = (): string => `rpc-ui-note-${Date.now().toString(36)}-${++this.#notes}`;

  #error(error: unknown): void {
    this.#events.emit('error', error instanceof Error ? error : new Error(String(error)));
  }

  /** The dialog with this id when it is pending and no answer to it is being sent. */
  #pending(id: string): PendingDialog | undefined {
    return this.#answering.has(id) ? undefined : this.#queue.get(id);
  }

  #notify(entry: NotificationEntry): void {
    this.#state.notify(entry);
    this.#events.emit('notify', entry);
    this.#changed('notifications');
  }

  #stateChanged = (kind: UiStateKind): void => {
    if (kind === 'statuses') this.#update(kind, this.statuses);
    else if (kind === 'widgets') this.#update(kind, this.widgets);
    else if (kind === 'title' && this.title !== undefined) this.#update(kind, this.title);
    else if (kind === 'editorText' && this.editorText !== undefined) this.#update(kind, this.editorText);
    else this.#changed(kind);
  };

  /** Emit `kind` with its new value, then `change`. */
  #update<K extends ChangeKind & keyof ControllerEvents>(kind: K, value: ControllerEvents[K]): void {
    this.#events.emit(kind, value);
    this.#changed(kind);
  }

  #changed(kind: ChangeKind): void {
    this.#events.emit('change', kind);
  }
}
