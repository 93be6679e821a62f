import { Emitter } from '../shared/emitter.js';
import { isRecord } from '../shared/is-record.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { ExtensionUIController } from './controller.js';

/** What the session has used so far, as the agent counts it (`get_session_stats`). */
export interface SessionUsage {
  readonly tokens: {
    readonly input: number;
    readonly output: number;
    readonly cacheRead: number;
    readonly cacheWrite: number;
  };
  /** In dollars, from the model's prices (0 for a model without one). */
  readonly cost: number;
  /**
   * How full the model's context is, when the agent knows its window: `tokens` and `percent` are
   * `null` right after a compaction, until the next reply (pi, atomic).
   */
  readonly context?: {
    readonly tokens: number | null;
    readonly window: number;
    readonly percent: number | null;
  };
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
const countOrNull = (value: unknown) => (value === null ? null : count(value));

/**
 * The `data` of an agent's answer to `get_session_stats`, read: the same shape on pi 1.6.0, pi
 * 0.73.1, oh-my-pi and atomic (docs/agents.md, "Controls"); `undefined` for anything else.
 */
export function readSessionStats(data: unknown): SessionUsage | undefined {
  if (!isRecord(data) || !isRecord(data.tokens)) return undefined;
  const { input, output, cacheRead, cacheWrite } = data.tokens;
  const tokens = {
    input: count(input),
    output: count(output),
    cacheRead: count(cacheRead),
    cacheWrite: count(cacheWrite),
  };
  const used = data.contextUsage;
  const window = isRecord(used) ? count(used.contextWindow) : 0;
  const context =
    isRecord(used) && window > 0
      ? { context: { tokens: countOrNull(used.tokens), window, percent: countOrNull(used.percent) } }
      : {};
  return { tokens, cost: count(data.cost), ...context };
}

/** How a compaction asked here went, as {@link AgentUsage.compaction} says. */
export type CompactionOutcome =
  | { readonly state: 'running' }
  | { readonly state: 'done' }
  /** The agent's words (pi: "Nothing to compact (session too small)"), or none sent or answered. */
  | { readonly state: 'failed'; readonly error?: string; readonly unsent?: true; readonly unanswered?: true };

/** How full the context is when compaction is offered (percent): near the limit, as pi compacts by itself at about 87. */
export const COMPACT_FROM_PERCENT = 80;

/** The prefix of the questions asked here; any answer is read, whoever asked. */
const ASK_PREFIX = 'rpc-ui-usage-';

/** What ends a change of the counts: a turn, a compaction (oh-my-pi's automatic ones too). */
const RECOUNT = new Set(['agent_end', 'compaction_end', 'auto_compaction_end', 'rpc_ui_hello']);

/**
 * The session's use of tokens, cost and context, asked of the agent (`get_session_stats`) when a
 * page connects, when the bridge greets it (another session, another process), after each turn
 * and after each compaction. One question at a time; an answer to another tab's is read too.
 */
export class AgentUsage {
  readonly #controller: ExtensionUIController;
  readonly #events = new Emitter<{ change: AgentUsage }>();
  #usage: SessionUsage | undefined;
  #asked: string | undefined;
  #again = false;
  #count = 0;
  /** The `compact` sent here and not answered yet. */
  #compacting: string | undefined;
  #compaction: CompactionOutcome | undefined;

  constructor(controller: ExtensionUIController) {
    this.#controller = controller;
  }

  /** The last counts the agent gave; `undefined` until it answered. */
  get usage(): SessionUsage | undefined {
    return this.#usage;
  }

  /** How the last compaction asked here went; `undefined` before any. */
  get compaction(): CompactionOutcome | undefined {
    return this.#compaction;
  }

  /** Whether the context is full enough that compaction is offered ({@link COMPACT_FROM_PERCENT}). */
  get nearLimit(): boolean {
    const percent = this.#usage?.context?.percent;
    // Rounded as it is shown: "80%" is offered.
    return percent != null && Math.round(percent) >= COMPACT_FROM_PERCENT;
  }

  /**
   * Ask the agent to compact the session now (`compact`): it summarises the earlier conversation
   * to free its context, stopping a running turn first. One at a time.
   */
  compact(): void {
    if (this.#compacting !== undefined) return;
    const id = `${ASK_PREFIX}compact-${++this.#count}`;
    try {
      this.#controller.send({ type: 'compact', id });
      this.#compacting = id;
      this.#compaction = { state: 'running' };
    } catch {
      this.#compaction = { state: 'failed', unsent: true };
    }
    this.#events.emit('change', this);
  }

  /** Listen for changes; returns the function that stops. */
  on(type: 'change', listener: (usage: AgentUsage) => void): () => void {
    return this.#events.on(type, listener);
  }

  /** Read what the controller passes through, ask on each connection; returns the function that stops. */
  follow(): () => void {
    const controller = this.#controller;
    const stops = [
      controller.on('message', (line) => this.#read(line)),
      controller.on('state', (state) => {
        this.#unanswered();
        if (state === 'open') this.ask();
      }),
    ];
    if (controller.connectionState === 'open') this.ask();
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** Ask the agent for the counts (once the question out is answered, if one is). */
  ask(): void {
    if (this.#asked !== undefined) {
      this.#again = true;
      return;
    }
    const id = `${ASK_PREFIX}${++this.#count}`;
    try {
      this.#controller.send({ type: 'get_session_stats', id });
      this.#asked = id;
    } catch {
      // Not connected: asked again when it is.
    }
  }

  #read(line: InboundMessage): void {
    // Another process or session, or none: what was asked of the last one is answered by none.
    if (line.type === 'rpc_ui_hello' || line.type === 'rpc_ui_agent_exit') this.#unanswered();
    if (line.type !== undefined && RECOUNT.has(line.type)) return this.ask();
    if (line.type !== 'response') return;
    if (this.#compacting !== undefined && line.text.includes('"compact"')) return this.#compacted(line);
    if (!line.text.includes('"get_session_stats"')) return;
    const parsed = line.parse();
    if (!parsed.ok || !isRecord(parsed.value) || parsed.value.command !== 'get_session_stats') return;
    if (parsed.value.id === this.#asked) {
      this.#asked = undefined;
      if (this.#again) {
        this.#again = false;
        this.ask();
      }
    }
    const usage = parsed.value.success === true ? readSessionStats(parsed.value.data) : undefined;
    if (!usage) return;
    this.#usage = usage;
    this.#events.emit('change', this);
  }

  /** The agent's answer to the `compact` sent here. */
  #compacted(line: InboundMessage): void {
    const parsed = line.parse();
    if (!parsed.ok || !isRecord(parsed.value) || parsed.value.id !== this.#compacting) return;
    this.#compacting = undefined;
    const { success, error } = parsed.value;
    this.#compaction =
      success === true
        ? { state: 'done' }
        : { state: 'failed', ...(typeof error === 'string' ? { error } : {}) };
    this.#events.emit('change', this);
    this.ask(); // oh-my-pi says nothing else of a compaction it was asked for
  }

  /** The questions out will not be answered: the connection closed, or the agent ended or changed. */
  #unanswered(): void {
    this.#asked = undefined;
    this.#again = false;
    if (this.#compacting === undefined) return;
    this.#compacting = undefined;
    this.#compaction = { state: 'failed', unanswered: true };
    this.#events.emit('change', this);
  }
}
