/**
 * Which session file the agent is on, as the agent itself says (`get_state`'s `sessionFile`, asked
 * by the bridge with an id of its own; no tab sees the answer): asked when the agent starts, after
 * each turn and after a session command succeeds. Node only.
 */
import type { AgentWire } from '../agent-wire.js';
import type { InboundMessage } from '../../transport/inbound.js';
import { within } from '../../shared/within.js';
import { isPlainObject } from '../../transport/jsonl.js';
import { responseHead } from '../response-head.js';

/** The commands after which the agent may be on another session (pi, oh-my-pi, atomic). */
const SESSION_CHANGES = new Set([
  'new_session',
  'switch_session',
  'fork',
  'branch',
  'clone',
  'import_session',
]);

/** A turn's end, or a session command's success: the agent may be on another session now. */
function mayChangeSession(message: InboundMessage): boolean {
  if (message.type === 'agent_end') return true;
  if (message.type !== 'response') return false;
  // Most responses (a long get_messages among them) are not parsed for this.
  if (!SESSION_CHANGES.has(responseHead(message).command ?? '')) return false;
  const parsed = message.parse();
  return parsed.ok && isPlainObject(parsed.value) && parsed.value.success === true;
}

/** How long a page's session message waits for the agent to say its session file. */
const ANSWER_MS = 30_000;

/** Tells `told` the agent's session file each time it may have changed. */
export class SessionFollower {
  readonly #told: (file: string) => void;
  readonly #log: (message: string) => void;
  #file: string | undefined;
  /** The last question's answer, or the end of its wait. */
  #answered: Promise<unknown> = Promise.resolve();

  constructor(told: (file: string) => void, log: (message: string) => void) {
    this.#told = told;
    this.#log = log;
  }

  /** The session file the agent said it is on last. */
  get file(): string | undefined {
    return this.#file;
  }

  /** The session file, once the question asked last is answered (an agent just started, say). */
  async fileNow(): Promise<string | undefined> {
    await this.#answered;
    return this.#file;
  }

  /** Ask the agent behind `wire` which session file it is on. */
  ask(wire: AgentWire): void {
    let told = (): void => undefined;
    this.#answered = within(new Promise<void>((resolve) => (told = resolve)), ANSWER_MS);
    wire.ask({ type: 'get_state' }, (response) => {
      told();
      const data = response.data;
      const file = isPlainObject(data) ? data.sessionFile : undefined;
      if (typeof file !== 'string' || file === '') return;
      this.#file = file;
      try {
        this.#told(file);
      } catch (error) {
        this.#log(`rpc-ui: could not remember the agent's session: ${String(error)}`);
      }
    });
  }

  /** A line the agent wrote: after one that may change the session, ask again. */
  observe(message: InboundMessage, wire: AgentWire): void {
    if (mayChangeSession(message)) this.ask(wire);
  }
}
