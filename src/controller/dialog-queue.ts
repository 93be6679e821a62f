import type { DialogRequest } from '../protocol/types.js';
import { atDeadline, type Clock } from '../shared/clock.js';
import { DialogLedger } from './dialog-ledger.js';
import type { ExpireEvent, PendingDialog } from './types.js';

export type { ClosedQuestion } from './dialog-ledger.js';

/** How many closed questions a page remembers, so that a replay of one does not open it again. */
export const CLOSED_LIMIT = 4096;

/** What the queue tells its owner. */
export interface DialogQueueHooks {
  /** The pending dialogs changed (`dialogs`) or a draft did (`drafts`). */
  readonly changed: (kind: 'dialogs' | 'drafts') => void;
  /** A deadline passed: the dialog left the queue (`timeout`), or its answer never left (`undelivered`). */
  readonly expired: (event: ExpireEvent) => void;
}

/**
 * The page's dialogs waiting for an answer, oldest first: a {@link DialogLedger} (their deadlines,
 * the questions closed lately) with what only a page keeps: drafts, answers waiting in the
 * transport's outbox, and its owner told of each change. The only keeper of each dialog's deadline
 * in the page.
 */
export class DialogQueue extends DialogLedger<PendingDialog> {
  readonly #hooks: DialogQueueHooks;
  readonly #drafts = new Map<string, string>();
  /** Answers waiting in the transport's outbox, by dialog id: cancels their delivery deadline. */
  readonly #undelivered = new Map<string, () => void>();

  constructor(clock: Clock, hooks: DialogQueueHooks) {
    super(clock, CLOSED_LIMIT);
    this.#hooks = hooks;
  }

  /** Milliseconds until `dialog`'s deadline (never negative), or `undefined` when it has none. */
  remaining(dialog: PendingDialog): number | undefined {
    return dialog.deadline === undefined ? undefined : Math.max(0, dialog.deadline - this.clock.now());
  }

  /** Queue `request`, which arrived `ageMs` ago; its deadline is in `remainingMs`, if any. */
  ask(request: DialogRequest, ageMs: number, remainingMs: number | undefined, draft?: string): void {
    const now = this.clock.now();
    const deadline = remainingMs === undefined ? undefined : now + remainingMs;
    const dialog: PendingDialog = { request, receivedAt: now - ageMs, deadline };
    this.open(dialog);
    if (draft !== undefined) this.#drafts.set(request.id, draft);
    this.#hooks.changed('dialogs');
    // Answered or replaced meanwhile (perhaps by a listener of its own `dialogs` event): the ledger
    // keeps no deadline then.
    if (deadline !== undefined) this.expireAt(dialog, deadline);
  }

  /**
   * The same question again while it is pending (the bridge replays it after a reconnect, with the
   * time it has left): the earlier deadline wins.
   */
  replayed(request: DialogRequest, remainingMs: number | undefined): void {
    const dialog = this.get(request.id);
    if (!dialog || remainingMs === undefined) return;
    const deadline = this.clock.now() + remainingMs;
    if (dialog.deadline !== undefined && dialog.deadline <= deadline) return;
    const next: PendingDialog = { ...dialog, deadline };
    this.update(next);
    this.#hooks.changed('dialogs');
    this.expireAt(next, deadline);
  }

  /** Take `id` out of the queue and mark its question closed; the dialog, if it was pending. */
  remove(id: string): PendingDialog | undefined {
    const dialog = this.close(id);
    if (!dialog) return undefined;
    this.#drafts.delete(id);
    this.#hooks.changed('dialogs');
    return dialog;
  }

  draft(id: string): string | undefined {
    return this.#drafts.get(id);
  }

  /** Keep what the user typed so far in the pending dialog `id`; ignored for any other. */
  setDraft(id: string, text: string): void {
    if (!this.get(id) || this.#drafts.get(id) === text) return;
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
      atDeadline(this.clock, dialog.deadline, () => {
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
  override clear({ closed }: { readonly closed: boolean }): PendingDialog[] {
    this.delivered();
    this.#drafts.clear();
    const pending = super.clear({ closed });
    if (pending.length > 0) this.#hooks.changed('dialogs');
    return pending;
  }

  protected override expired(dialog: PendingDialog): void {
    this.#drafts.delete(dialog.request.id);
    this.#hooks.changed('dialogs');
    this.#hooks.expired({ dialog, reason: 'timeout' });
  }
}
