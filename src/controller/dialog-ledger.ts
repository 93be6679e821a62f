import { questionFingerprint } from '../protocol/fingerprint.js';
import type { DialogRequest } from '../protocol/types.js';
import { BoundedMap } from '../shared/bounded.js';
import { atDeadline, type Clock } from '../shared/clock.js';

/** A closed question: its id and its fingerprint (see `questionFingerprint`). */
export interface ClosedQuestion {
  readonly id: string;
  readonly question: string;
}

/**
 * What asking a question is, given what the ledger holds:
 * - `new`: never asked, or another question under an id that was closed;
 * - `pending`: the same question, still waiting (a replay);
 * - `closed`: the same question, closed already (answered, expired or withdrawn);
 * - `replacing`: another question under the id of one still waiting.
 */
export type Asking = 'new' | 'pending' | 'closed' | 'replacing';

/**
 * The bookkeeping of asked, answered, closed and expired questions, kept once for the controller
 * (one per page) and the bridge (one per agent process): the questions waiting, in the order they
 * were asked, each with its deadline; the questions closed lately, by fingerprint, so that a
 * replay of one is known and another question under a used id is not; and which of them closed
 * because the agent stopped waiting. What differs is the keeper's: what an entry holds besides
 * its request, how many closed questions it remembers, and what it does when a deadline passes
 * (a page's queue extends the ledger; the bridge's table keeps one as it is).
 */
export class DialogLedger<E extends { readonly request: DialogRequest }> {
  /** The clock the deadlines are kept on. */
  protected readonly clock: Clock;
  readonly #pending = new Map<string, E>();
  readonly #deadlines = new Map<string, () => void>();
  /**
   * Closed ids, each with the fingerprint of the question it closed and whether it closed because
   * the agent stopped waiting.
   */
  readonly #closed: BoundedMap<string, { readonly question: string; readonly expired: boolean }>;
  #list: readonly E[] | undefined;

  /** @param closedLimit how many closed questions are remembered, so that a replay of one does not open it again */
  constructor(clock: Clock, closedLimit: number) {
    this.clock = clock;
    this.#closed = new BoundedMap(closedLimit);
  }

  /** The questions waiting, oldest first; the same array until one changes. */
  get pending(): readonly E[] {
    this.#list ??= [...this.#pending.values()];
    return this.#list;
  }

  get(id: string): E | undefined {
    return this.#pending.get(id);
  }

  /** What asking `request` is (see {@link Asking}); most ids were never closed, so no fingerprint is taken then. */
  asking(request: DialogRequest): Asking {
    const pending = this.#pending.get(request.id);
    if (pending)
      return questionFingerprint(pending.request) === questionFingerprint(request) ? 'pending' : 'replacing';
    const closed = this.#closed.get(request.id);
    return closed !== undefined && closed.question === questionFingerprint(request) ? 'closed' : 'new';
  }

  /** Whether a question with this id is waiting or was closed, whatever the question. */
  knows(id: string): boolean {
    return this.#pending.has(id) || this.#closed.has(id);
  }

  /** Whether `id` was closed (`expired`: because the agent stopped waiting), if it was. */
  closedAs(id: string): 'answered' | 'expired' | undefined {
    const closed = this.#closed.get(id);
    if (!closed) return undefined;
    return closed.expired ? 'expired' : 'answered';
  }

  /**
   * Mark `id` closed without it having waited here (a question with bad fields, answered
   * cancelled; a snapshot's closed questions).
   */
  markClosed(id: string, question = ''): void {
    this.#closed.set(id, { question, expired: false });
  }

  /** The questions closed lately, oldest first. */
  closed(): ClosedQuestion[] {
    return this.#closed.entries().map(([id, { question }]) => ({ id, question }));
  }

  /** Keep `entry` as waiting, asked last, with no deadline yet; it replaces whatever waited under its id. */
  open(entry: E): void {
    const { id } = entry.request;
    this.#stopDeadline(id);
    this.#pending.delete(id);
    this.#pending.set(id, entry);
    this.#list = undefined;
  }

  /** Put `entry` in the place of the one waiting under its id, without its deadline; ignored if none waits. */
  update(entry: E): void {
    const { id } = entry.request;
    if (!this.#pending.has(id)) return;
    this.#stopDeadline(id);
    this.#pending.set(id, entry);
    this.#list = undefined;
  }

  /**
   * Close `entry` as expired at `deadline` on the clock, at once when it has passed (a restored
   * question), unless it has left meanwhile; it replaces the deadline it had. Separate from
   * {@link open}, so that a keeper says a question is asked before its deadline can end it.
   */
  expireAt(entry: E, deadline: number): void {
    const { id } = entry.request;
    if (this.#pending.get(id) !== entry) return;
    this.#stopDeadline(id);
    this.#deadlines.set(
      id,
      atDeadline(this.clock, deadline, () => {
        if (this.#pending.get(id) !== entry) return;
        this.close(id, 'expired');
        this.expired?.(entry);
      }),
    );
  }

  /**
   * Close the question waiting under `id` (`expired`: the agent no longer waits for it); the
   * entry, if one waited.
   */
  close(id: string, how: 'answered' | 'expired' = 'answered'): E | undefined {
    const entry = this.#pending.get(id);
    if (!entry) return undefined;
    this.#stopDeadline(id);
    this.#pending.delete(id);
    this.#list = undefined;
    this.#closed.set(id, { question: questionFingerprint(entry.request), expired: how === 'expired' });
    return entry;
  }

  /**
   * Forget the questions waiting, without closing them, and (`closed`) the closed ones too: a new
   * agent process, whose ids may repeat the last one's. Returns what was waiting.
   */
  clear({ closed }: { readonly closed: boolean }): E[] {
    const pending = [...this.pending];
    for (const stop of this.#deadlines.values()) stop();
    this.#deadlines.clear();
    this.#pending.clear();
    this.#list = undefined;
    if (closed) this.#closed.clear();
    return pending;
  }

  /** What a keeper does when a deadline passed: `entry` has left the ledger, closed as expired. */
  protected expired?(entry: E): void;

  #stopDeadline(id: string): void {
    this.#deadlines.get(id)?.();
    this.#deadlines.delete(id);
  }
}
