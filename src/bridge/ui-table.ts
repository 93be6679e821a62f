/**
 * What the bridge remembers of the agent's extension UI, so a tab that connects late (or reloads)
 * sees the same thing as the others: pending dialogs, the latest status per key, the widgets and
 * the title. Node only in practice, but DOM-free.
 */
import { parseRequest } from '../protocol/parse.js';
import { dialogTimeout, REQUEST_TYPE } from '../protocol/types.js';
import { BoundedSet } from '../transport/bounded-set.js';
import { type Clock, systemClock } from '../transport/clock.js';
import type { InboundMessage } from '../transport/inbound.js';
import { encodeJson, isPlainObject } from '../transport/jsonl.js';

/** A dialog the agent is waiting on. */
interface PendingDialog {
  /** The request as the agent wrote it (parsed, every field kept). */
  readonly raw: Record<string, unknown>;
  /** The line as the agent wrote it. */
  readonly text: string;
  /** When the bridge read it, on the clock's monotonic scale. */
  readonly receivedAt: number;
  /** Its timeout in ms, or `undefined` when it never times out. */
  readonly timeout: number | undefined;
  /** The expiry timer's handle. */
  timer: unknown;
}

/** Let Node exit while a dialog timer runs (the timers of other clocks are left alone). */
function unref(handle: unknown): void {
  if (typeof handle === 'object' && handle !== null && 'unref' in handle)
    (handle as { unref: () => void }).unref();
}

/** What to do with an answer from a tab. */
export type ClaimResult =
  /** The first answer to a pending dialog: forward it; the dialog is now closed. */
  | 'first'
  /** The dialog was already answered or expired: drop the answer. */
  | 'closed'
  /** The bridge never saw that id as a dialog (for example a method it does not know): forward. */
  | 'unknown';

/** The bridge's own table of the agent's UI state. */
export class UiTable {
  readonly #clock: Clock;
  readonly #dialogs = new Map<string, PendingDialog>();
  readonly #closed = new BoundedSet<string>(1000);
  readonly #statuses = new Map<string, string>();
  readonly #widgets = new Map<string, string>();
  #title: string | undefined;

  constructor(clock: Clock = systemClock) {
    this.#clock = clock;
  }

  /** Record one line from the agent. Anything but a valid extension UI request is ignored. */
  observe(message: InboundMessage): void {
    if (message.type !== REQUEST_TYPE) return;
    const raw = message.value;
    if (!isPlainObject(raw)) return;
    const parsed = parseRequest(raw, message.text);
    if (!parsed.ok) return;
    const request = parsed.request;
    switch (request.method) {
      case 'select':
      case 'confirm':
      case 'input':
      case 'editor':
        this.#addDialog(request.id, raw, message.text, dialogTimeout(request));
        break;
      case 'setStatus':
        if (request.statusText === undefined) this.#statuses.delete(request.statusKey);
        else this.#statuses.set(request.statusKey, message.text);
        break;
      case 'setWidget':
        if (request.widgetLines === undefined) this.#widgets.delete(request.widgetKey);
        else this.#widgets.set(request.widgetKey, message.text);
        break;
      case 'setTitle':
        this.#title = message.text;
        break;
      default:
        break;
    }
  }

  /** Decide what happens to a tab's answer for dialog `id` (the first one closes the dialog). */
  claim(id: string): ClaimResult {
    if (this.#remove(id)) return 'first';
    return this.#closed.has(id) ? 'closed' : 'unknown';
  }

  /** The ids of the dialogs still pending, oldest first. */
  pendingIds(): string[] {
    return [...this.#dialogs.keys()];
  }

  /**
   * The lines a newly connected tab needs, in order: statuses, widgets, the title, then the
   * pending dialogs, each with its `timeout` rewritten to the milliseconds that remain.
   */
  replay(): string[] {
    const lines = [...this.#statuses.values(), ...this.#widgets.values()];
    if (this.#title !== undefined) lines.push(this.#title);
    const now = this.#clock.now();
    for (const dialog of this.#dialogs.values()) {
      if (dialog.timeout === undefined) {
        lines.push(dialog.text);
        continue;
      }
      const remaining = Math.ceil(dialog.timeout - (now - dialog.receivedAt));
      // `timeout: 0` would mean "never": a dialog at its very end is skipped instead.
      if (remaining > 0) lines.push(encodeJson({ ...dialog.raw, timeout: remaining }));
    }
    return lines;
  }

  /** Forget everything (the agent has ended). */
  clear(): void {
    for (const id of this.pendingIds()) this.#remove(id);
    this.#statuses.clear();
    this.#widgets.clear();
    this.#title = undefined;
  }

  #addDialog(id: string, raw: Record<string, unknown>, text: string, timeout: number | undefined): void {
    // A repeated id, open or already closed, is ignored (as the controller does): otherwise a tab
    // could answer it again and the agent would read a second answer.
    if (this.#dialogs.has(id) || this.#closed.has(id)) return;
    const dialog: PendingDialog = { raw, text, receivedAt: this.#clock.now(), timeout, timer: undefined };
    this.#dialogs.set(id, dialog);
    if (timeout !== undefined) this.#schedule(id, dialog, timeout);
  }

  /** Close `dialog` at its deadline. Timers may fire early (the platform's stop at about 24.8 days). */
  #schedule(id: string, dialog: PendingDialog, timeout: number): void {
    const fire = () => {
      if (this.#dialogs.get(id) !== dialog) return;
      if (this.#clock.now() - dialog.receivedAt < timeout) this.#schedule(id, dialog, timeout);
      else this.#remove(id);
    };
    const left = dialog.receivedAt + timeout - this.#clock.now();
    dialog.timer = this.#clock.setTimeout(fire, Math.max(0, left));
    unref(dialog.timer);
  }

  #remove(id: string): boolean {
    const dialog = this.#dialogs.get(id);
    if (!dialog) return false;
    if (dialog.timer !== undefined) this.#clock.clearTimeout(dialog.timer);
    this.#dialogs.delete(id);
    this.#closed.add(id);
    return true;
  }
}
