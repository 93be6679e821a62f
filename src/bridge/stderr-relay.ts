/**
 * The agent's stderr, live to the tabs: the lines of one turn of the event loop go as one
 * `rpc_ui_agent_stderr` message, each line and each message bounded (a flood of output must not
 * flood the tabs), and the last ones to a tab that connects later. Node only.
 */
import type { BridgeAgentStderr } from '../protocol/bridge.js';

/** The longest line relayed, in characters; longer ones are cut with "…". */
const MAX_LINE = 4000;
/** The most lines in one message; the rest of the turn's are counted, not sent. */
const MAX_LINES = 200;

/** The message for `lines`, cut to the bounds. */
function stderrMessage(lines: readonly string[]): BridgeAgentStderr {
  const shown = lines
    .slice(0, MAX_LINES)
    .map((line) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line));
  const left = lines.length - shown.length;
  if (left > 0) shown.push(`(${left} more lines left out)`);
  return { type: 'rpc_ui_agent_stderr', lines: shown };
}

/** How many relayed lines a tab that connects later gets. */
const RECENT = 50;

/**
 * Gathers stderr lines and hands them to `send` once per turn of the event loop; keeps the last
 * ones sent for a tab that connects later (the lines still gathering reach it with the others).
 */
export class StderrRelay {
  readonly #send: (message: BridgeAgentStderr) => void;
  #lines: string[] = [];
  readonly #recent: string[] = [];

  constructor(send: (message: BridgeAgentStderr) => void) {
    this.#send = send;
  }

  /** One line the agent wrote on stderr. */
  readonly push = (line: string): void => {
    if (this.#lines.push(line) === 1) setImmediate(this.#flush);
  };

  /** The last lines sent, as one message for a tab that connects now; none when there are none. */
  recent(): BridgeAgentStderr | undefined {
    return this.#recent.length > 0 ? stderrMessage(this.#recent) : undefined;
  }

  #flush = (): void => {
    const message = stderrMessage(this.#lines);
    this.#lines = [];
    this.#recent.push(...message.lines);
    this.#recent.splice(0, Math.max(0, this.#recent.length - RECENT));
    this.#send(message);
  };
}
