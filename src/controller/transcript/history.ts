/**
 * How a transcript asks for the conversation so far. Of the rpc-ui bridge, the last messages
 * first (`rpc_ui_get_messages`: a session of 10,000 messages opens with its last 200), and the
 * rest when the person reads that far up; of an agent asked directly, which answers the bridge's
 * question as an unknown command, or of an older bridge, whose hello does not offer it, all of it
 * at once (`get_messages`).
 */
import {
  type BridgeGetMessages,
  GET_MESSAGES_TYPE,
  MESSAGES_TYPE,
  readBridgeMessages,
} from '../../protocol/conversation.js';
import type { InboundMessage } from '../../transport/inbound.js';
import type { OutboundMessage } from '../../transport/transport.js';
import type { ExtensionUIController } from '../controller.js';
import { objectOf } from './records.js';

/** How many of the newest messages a transcript asks for first: more than a screen's worth. */
const FIRST_MESSAGES = 200;

/** The id prefix of the questions a transcript asks; random, as other tabs see the agent's answers. */
const ASK_PREFIX = 'rpc-ui-transcript-';

/** The conversation so far, as an answer gave it. */
export interface History {
  /** The messages, oldest first. */
  readonly messages: readonly unknown[];
  /** How many messages the agent holds: more than `messages` when only the last were asked. */
  readonly total: number;
}

/** The question asked last, whose answer is awaited. */
interface Asked {
  readonly id: string;
  readonly ofBridge: boolean;
  readonly last: number | undefined;
}

/** One transcript's question for the conversation so far, and what its answers say. */
export class HistoryQuestion {
  readonly #send: (message: OutboundMessage) => void;
  #asked: Asked | undefined;
  /** Whether the other end answers the bridge's question: unknown until it says. */
  #bridge: boolean | undefined;

  constructor(send: (message: OutboundMessage) => void) {
    this.#send = send;
  }

  /** Whether all of the conversation is being asked for now. */
  get askingAll(): boolean {
    return this.#asked !== undefined && this.#asked.last === undefined;
  }

  /**
   * Ask through `controller` each time its connection opens, and again when the rpc-ui bridge names
   * another agent process (a restarted agent on the same connection); every other line goes to
   * `take`. Returns the function that stops.
   */
  follow(controller: ExtensionUIController, take: (message: InboundMessage) => void): () => void {
    let session: unknown;
    const offMessage = controller.on('message', (message) => {
      if (message.type !== 'rpc_ui_hello') return take(message);
      const parsed = message.parse();
      const hello = parsed.ok ? objectOf(parsed.value) : undefined;
      this.#greeted(hello?.history === true);
      if (session !== undefined && hello?.session !== session) this.ask(FIRST_MESSAGES);
      session = hello?.session;
    });
    const offState = controller.on('state', (state) => {
      if (state === 'open') this.ask(FIRST_MESSAGES);
    });
    if (controller.connectionState === 'open') this.ask(FIRST_MESSAGES);
    return () => {
      offMessage();
      offState();
      this.#asked = undefined;
    };
  }

  /** Ask for the last `last` messages (of the bridge; an agent gives all), or all of them. */
  ask(last?: number): void {
    const id = `${ASK_PREFIX}${Math.random().toString(36).slice(2)}`;
    const ofBridge = this.#bridge !== false;
    this.#asked = { id, ofBridge, last };
    if (!ofBridge) return this.#send({ type: 'get_messages', id });
    this.#send({
      type: GET_MESSAGES_TYPE,
      id,
      ...(last === undefined ? {} : { last }),
    } satisfies BridgeGetMessages);
  }

  /** The bridge greeted: whether it answers its own question (an older one does not). */
  #greeted(history: boolean): void {
    this.#bridge = history;
    const asked = this.#asked;
    if (!history && asked?.ofBridge) this.ask(asked.last);
  }

  /**
   * A record from the other end: the conversation when it answers the question asked; else
   * `undefined` (a refusal of the bridge's question by an agent asks it the agent's way).
   */
  read(record: Readonly<Record<string, unknown>>): History | undefined {
    const asked = this.#asked;
    if (!asked) return undefined;
    if (record.type === MESSAGES_TYPE) {
      const answer = readBridgeMessages(record);
      if (!answer || answer.id !== asked.id) return undefined;
      this.#asked = undefined;
      return 'error' in answer ? undefined : answer;
    }
    if (record.type !== 'response') return undefined;
    // An agent refused the bridge's question (pi 0.73.1 answers an unknown command without its id).
    const refused = record.command === GET_MESSAGES_TYPE && record.success === false && asked.ofBridge;
    if (refused && (record.id === asked.id || record.id === undefined)) {
      this.#bridge = false;
      this.ask(asked.last);
      return undefined;
    }
    if (record.command !== 'get_messages' || record.id !== asked.id) return undefined;
    this.#asked = undefined;
    const messages = objectOf(record.data)?.messages;
    return record.success === true && Array.isArray(messages)
      ? { messages, total: messages.length }
      : undefined;
  }
}
