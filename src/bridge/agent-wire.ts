/**
 * What the bridge does with the agent's own framing before the lines reach the tabs: it learns
 * which agent it is from oh-my-pi's `ready`, negotiates oh-my-pi's protocol v2 (a line over its
 * 1 MiB cap then comes whole, in `rpc_chunk` frames, instead of cut) and puts the frames back
 * together. Node only in practice, but DOM-free.
 */
import { randomUUID } from 'node:crypto';
import { type AgentIdentity, readReady } from '../protocol/agent.js';
import { CHUNK_TYPE, ChunkAssembler } from '../protocol/chunks.js';
import { InboundMessage } from '../transport/inbound.js';
import { isPlainObject } from '../transport/jsonl.js';
import type { OutboundMessage } from '../transport/transport.js';
import { responseHead } from './response-head.js';

/** The id of the bridge's own `negotiate_protocol`; its response is the bridge's, not a tab's. */
export const NEGOTIATE_ID = 'rpc-ui-negotiate-protocol';

/** The id prefix of the bridge's own commands to the agent (`ask`): their responses are the bridge's. */
const ASK_PREFIX = 'rpc-ui-bridge-';

/** One agent process's framing, read line by line. */
export class AgentWire {
  readonly #send: (message: OutboundMessage) => void;
  readonly #log: (message: string) => void;
  readonly #chunks = new ChunkAssembler();
  #identity: AgentIdentity | undefined;
  /** The bridge's own commands waiting for their response line, by id. */
  readonly #asked = new Map<string, (line: InboundMessage) => void>();

  /**
   * @param identity the agent, when the bridge started it by name
   * @param send writes to the agent
   */
  constructor(
    identity: AgentIdentity | undefined,
    send: (message: OutboundMessage) => void,
    log: (message: string) => void,
  ) {
    this.#identity = identity;
    this.#send = send;
    this.#log = log;
  }

  /** Which agent it is, as far as it is known. */
  get identity(): AgentIdentity | undefined {
    return this.#identity;
  }

  /** One line from the agent: the line for the tabs, or `undefined` when it is the bridge's own. */
  read(message: InboundMessage): InboundMessage | undefined {
    const type = message.type;
    if (type === CHUNK_TYPE) return this.#chunk(message);
    if (this.#chunks.busy) {
      this.#chunks.reset();
      this.#log('rpc-ui: the agent cut a chunked line short with another line; the chunks were dropped.');
    }
    if (type === 'ready') this.#ready(message);
    else if (type === 'response' && (this.#negotiated(message) || this.#answered(message))) return undefined;
    return message;
  }

  /**
   * Send the agent a command of the bridge's own (`get_state`, say); `answered` gets its response,
   * which no tab sees. A failed write is logged: the bridge asks again when it needs to.
   */
  ask(command: OutboundMessage, answered: (response: Record<string, unknown>) => void): void {
    this.askLine(command, (line) => {
      const value = line.value;
      answered(
        isPlainObject(value)
          ? value
          : { success: false, error: 'The agent answered with a line that is not JSON.' },
      );
    });
  }

  /**
   * As `ask`, but `answered` gets the response line as it came, unparsed: for an answer that may
   * be megabytes long (`get_messages`), which the caller reads only in part.
   */
  askLine(command: OutboundMessage, answered: (line: InboundMessage) => void): void {
    const id = `${ASK_PREFIX}${command.type}-${randomUUID()}`;
    this.#asked.set(id, answered);
    try {
      this.#send({ ...command, id });
    } catch (error) {
      this.#asked.delete(id);
      this.#log(`rpc-ui: could not ask the agent ${command.type}: ${String(error)}`);
    }
  }

  /** Whether this response answers one of the bridge's own commands (then handed to its asker). */
  #answered(message: InboundMessage): boolean {
    if (this.#asked.size === 0) return false;
    const { id } = responseHead(message);
    const answered = id === undefined ? undefined : this.#asked.get(id);
    if (!answered || id === undefined) return false;
    this.#asked.delete(id);
    answered(message);
    return true;
  }

  #chunk(message: InboundMessage): InboundMessage | undefined {
    const parsed = message.parse();
    const result = this.#chunks.push(parsed.ok ? parsed.value : undefined);
    if (result.kind === 'line') return InboundMessage.fromText(result.text);
    if (result.kind === 'error') this.#log(`rpc-ui: dropped a chunked agent line: ${result.error}.`);
    return undefined;
  }

  /** oh-my-pi says `ready` first: it is oh-my-pi, and v2 is asked for when it offers it. */
  #ready(message: InboundMessage): void {
    const parsed = message.parse();
    const ready = parsed.ok ? readReady(parsed.value) : undefined;
    if (!ready) return;
    if (this.#identity?.name !== 'omp') this.#identity = { name: 'omp' };
    if (!ready.versions.includes(2)) return;
    try {
      this.#send({ type: 'negotiate_protocol', id: NEGOTIATE_ID, protocolVersion: 2 });
    } catch (error) {
      this.#log(`rpc-ui: could not ask the agent for protocol v2: ${String(error)}`);
    }
  }

  /** Whether this response answers the bridge's own `negotiate_protocol`. */
  #negotiated(message: InboundMessage): boolean {
    if (responseHead(message).id !== NEGOTIATE_ID) return false;
    const parsed = message.parse();
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return false;
    const { id, success, error } = parsed.value as Record<string, unknown>;
    if (id !== NEGOTIATE_ID) return false;
    if (success === true) this.#identity = { ...this.#identity, name: 'omp', protocolVersion: 2 };
    else this.#log(`rpc-ui: the agent refused protocol v2 (${String(error)}); long lines may arrive cut.`);
    return true;
  }
}
