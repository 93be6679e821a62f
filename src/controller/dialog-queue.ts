import { questionFingerprint } from '../protocol/fingerprint.js';
import type { DialogRequest } from '../protocol/types.js';
import { BoundedMap } from '../shared/bounded.js';
import { atDeadline, type Clock } from '../shared/clock.js';
import type { ExpireEvent, PendingDialog } from './types.js';

/** How many closed questions are remembered, so that a replay of one does not open it again. */
export const CLOSED_LIMIT = 4096;

/** A closed question: its id and its fingerprint (see `questionFingerprint`). */
export interface ClosedQuestion {
  readonly id: string;
  readonly question: string;
}

/** What the queue tells its owner. */
export interface DialogQueueHooks {
  /** The pending dialogs changed (`dialogs`) or a draft did (`drafts`). */
  readonly changed: (kind: 'dialogs' | 'drafts') => void;
  /** A deadline passed: the dialog left the queue (`timeout`), or its answer never left (`undelivered`). */
  readonly expired: (event: ExpireEvent) => void;
}

/**
 * The dialogs waiting for an answer, oldest first, with their deadlines and drafts, and the
 * questions closed lately. The only keeper of each dialog's deadline.
 */
export class DialogQueue {
  readonly #clock: Clock;
  readonly #hooks: DialogQueueHooks;
  readonly #dialogs = new Map<string, PendingDialog>();
  readonly #drafts = new Map<string, string>();
  readonly #deadlines = new Map<string, () => void>();
  /** Closed ids, each with the fingerprint of the question it closed. */
  readonly #closed = new BoundedMap<string, string>(CLOSED_LIMIT);
  /** Answers waiting in the transport's outbox, by dialog id: cancels their delivery deadline. */
  readonly #undelivered = new Map<string, () => void>();
  #list: readonly PendingDialog[] | undefined;

  constructor(clock: Clock, hooks: DialogQueueHooks) {
    this.#clock = clock;
    this.#hooks = hooks;
  }

  /** Pending dialogs, oldest first; the same array until the queue changes. */
  get list(): readonly PendingDialog[] {
    this.#list ??= [...this.#dialogs.values()];
    return this.#list;
  }

  get(id: string): PendingDialog | undefined {
    return this.#dialogs.get(id);
  }

  /** Milliseconds until `dialog`'s deadline (never negative), or `undefined` when it has none. */
  remaining(dialog: PendingDialog): number | undefined {
    return dialog.deadline === undefined ? undefined : Math.max(0, dialog.deadline - this.#clock.now());
  }

  /** Whether `request` is a question closed here: the same id and the same question. */
  isClosed(request: DialogRequest): boolean {
    const closed = this.#closed.get(request.id);
    // Most ids were never closed: no fingerprint to take then.
    return closed !== undefined && closed === questionFingerprint(request);
  }

  /** Whether a dialog with this id is pending or was closed, whatever its question. */
  knows(id: string): boolean {
    return this.#dialogs.has(id) || this.#closed.has(id);
  }

  /** Mark `id` closed without it having been pending (a dialog with bad fields, answered cancelled). */
  markClosed(id: string, question = ''): void {
    this.#closed.set(id, question);
  }

  /** The questions closed lately, oldest first. */
  closed(): ClosedQuestion[] {
    return this.#closed.entries().map(([id, question]) => ({ id, question }));
  }

  /** Queue `request`, which arrived `ageMs` ago; its deadline is in `remainingMs`, if any. */
  open(request: DialogRequest, ageMs: number, remainingMs: number | undefined, draft?: string): void {
    const now = this.#clock.now();
    const deadline = remainingMs === undefined ? undefined : now + remainingMs;
    const dialog: PendingDialog = { request, receivedAt: now - ageMs, deadline };
    this.#dialogs.set(request.id, dialog);
    if (draft !== undefined) this.#drafts.set(request.id, draft);
    this.#changed();
    // Answered or replaced meanwhile (perhaps by a listener of its own `dialogs` event).
    if (deadline !== undefined && this.#dialogs.get(request.id) === dialog) this.#keep(dialog, deadline);
  }

  /**
   * The same question again while it is pending (the bridge replays it after a reconnect, with the
   * time it has left): the earlier deadline wins.
   */
  replayed(request: DialogRequest, remainingMs: number | undefined): void {
    const dialog = this.#dialogs.get(request.id);
    if (!dialog || remainingMs === undefined) return;
    const deadline = this.#clock.now() + remainingMs;
    if (dialog.deadline !== undefined && dialog.deadline <= deadline) return;
    const next: PendingDialog = { ...dialog, deadline };
    this.#dialogs.set(request.id, next);
    this.#changed();
    this.#keep(next, deadline);
  }

  /** Take `id` out of the queue and mark its question closed; the dialog, if it was pending. */
  remove(id: string): PendingDialog | undefined {
    const dialog = this.#dialogs.get(id);
    if (!dialog) return undefined;
    this.#deadlines.get(id)?.();
    this.#deadlines.delete(id);
    this.#dialogs.delete(id);
    this.#drafts.delete(id);
    this.#closed.set(id, questionFingerprint(dialog.request));
    this.#changed();
    return dialog;
  }

  draft(id: string): string | undefined {
    return this.#drafts.get(id);
  }

  /** Keep what the user typed so far in the pending dialog `id`; ignored for any other. */
  setDraft(id: string, text: string): void {
    if (!this.#dialogs.has(id) || this.#drafts.get(id) === text) return;
    this.#drafts.set(id, text);
    this.#hooks.changed('drafts');
  }

  /**
   * An answer to `dialog` waits in the transport's outbox: if the connection is not back by the
   * dialog's deadline, the agent has gone on with its default and the user is told.
   */
  awaitDelivery(dialog: PendingDialog): void {
    if (dialog.deadline === undefined) return;
    const { id } = dialog.request;
    this.#undelivered.get(id)?.();
    this.#undelivered.set(
      id,
      atDeadline(this.#clock, dialog.deadline, () => {
        this.#undelivered.delete(id);
        this.#hooks.expired({ dialog, reason: 'undelivered' });
      }),
    );
  }

  /** The transport is open again: whatever waited in its outbox has gone. */
  delivered(): void {
    for (const cancel of this.#undelivered.values()) cancel();
    this.#undelivered.clear();
  }

  /**
   * Forget everything: the dialogs close without a word, and the closed marks go too (a new agent
   * process, whose ids may repeat the last one's). Returns the dialogs that were pending.
   */
  clear({ closed }: { readonly closed: boolean }): PendingDialog[] {
    const pending = [...this.list];
    for (const cancel of this.#deadlines.values()) cancel();
    this.#deadlines.clear();
    this.delivered();
    this.#dialogs.clear();
    this.#drafts.clear();
    if (closed) this.#closed.clear();
    if (pending.length > 0) this.#changed();
    return pending;
  }

  /** Expire `dialog` at `deadline`; at once when it has passed (a restored dialog). */
  #keep(dialog: PendingDialog, deadline: number): void {
    const { id } = dialog.request;
    this.#deadlines.get(id)?.();
    this.#deadlines.set(
      id,
      atDeadline(this.#clock, deadline, () => {
        if (this.#dialogs.get(id) !== dialog) return;
        this.remove(id);
        this.#hooks.expired({ dialog, reason: 'timeout' });
      }),
    );
  }

  #changed(): void {
    this.#list = undefined;
    this.#hooks.changed('dialogs');
  }
}
