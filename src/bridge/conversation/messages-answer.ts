/**
 * The bridge's answer to a tab's `rpc_ui_get_messages`: the agent's own `get_messages`, asked with
 * an id of the bridge's, of which only the last messages asked for go to the tab, cut out of the
 * agent's line as it came (protocol/conversation.ts). A page opening a session of 10,000 messages
 * gets the last few hundred, and the rest only when the person reads that far up. The agent's
 * answer is kept until the agent writes anything that may change it: the next page (a reload,
 * another tab, the rest read up) is answered without asking the agent again; where sessions are
 * kept, it is asked as soon as the agent starts, so that pages reconnecting after a restart find
 * it ready. Node only in practice, but DOM-free.
 */
import {
  type BridgeGetMessages,
  type BridgeMessages,
  GET_MESSAGES_TYPE,
  MESSAGES_TYPE,
} from '../../protocol/conversation.js';
import { REQUEST_TYPE } from '../../protocol/types.js';
import type { InboundMessage } from '../../transport/inbound.js';
import { isPlainObject } from '../../transport/jsonl.js';
import type { AgentWire } from '../agent-wire.js';
import { responseHead } from '../response-head.js';
import { type ArrayElements, arrayElements } from './json-array.js';

/** How long the agent may take to answer `get_messages` (it reads nothing: it only writes). */
const AGENT_ANSWER_MS = 60_000;

/** Whether a tab's message of this type asks for the conversation so far. */
export function isMessagesRequest(type: string): type is typeof GET_MESSAGES_TYPE {
  return type === GET_MESSAGES_TYPE;
}

/** The agent's answer, as read: its text and where its messages are, or why there are none. */
type Read = { readonly text: string; readonly elements: ArrayElements } | { readonly error: string };

/**
 * Whether an agent line leaves its messages as they were: what it answers to a question (`get_…`),
 * the extension UI's requests, and oh-my-pi's `ready`. Any other line (an event of a turn, a
 * compaction, the answer to a command) may change them.
 */
function keepsMessages(message: InboundMessage): boolean {
  const type = message.type;
  if (type === REQUEST_TYPE || type === 'ready') return true;
  return type === 'response' && (responseHead(message).command ?? '').startsWith('get_');
}

/** The conversation of one agent process, as the bridge answers tabs for it. */
export class AgentMessages {
  readonly #wire: AgentWire;
  /** The agent's answer, while nothing the agent said since may have changed it. */
  #kept: Read | undefined;
  /** The tabs waiting for the answer being asked now. */
  #waiting: ((read: Read) => void)[] | undefined;

  /**
   * @param wire the agent process's framing, to ask it
   * @param prefetch ask the agent now: a resumed session's pages are about to connect again
   */
  constructor(wire: AgentWire, prefetch = false) {
    this.#wire = wire;
    if (prefetch) this.#ask();
  }

  /** A line the agent wrote: unless it leaves the messages as they were, the answer kept is old. */
  observe(message: InboundMessage): void {
    if (this.#kept && !keepsMessages(message)) this.#kept = undefined;
  }

  /**
   * Answer a tab's `rpc_ui_get_messages` (`value`) with `send`, given the JSON text. It is called
   * at once from the answer kept, else as the agent's line arrives, before any later line of the
   * agent reaches the tab: an answer must never arrive after events newer than itself, which it
   * would put out of the conversation.
   */
  answer(value: Record<string, unknown>, send: (text: string) => void): void {
    const request = requestOf(value);
    const reply = (read: Read) => send(answerText(read, request));
    if (this.#kept) return reply(this.#kept);
    if (!this.#waiting) this.#ask();
    this.#waiting?.push(reply);
  }

  #ask(): void {
    const waiting: ((read: Read) => void)[] = [];
    this.#waiting = waiting;
    const settle = (read: Read): void => {
      if (this.#waiting !== waiting) return;
      this.#waiting = undefined;
      // The answer is as new as the line it came in: the lines after it make it old. A failure
      // is not kept: the next tab asks again.
      if (!('error' in read)) this.#kept = read;
      for (const reply of waiting) reply(read);
    };
    const timer = setTimeout(
      () => settle({ error: 'The agent did not answer get_messages in time.' }),
      AGENT_ANSWER_MS,
    );
    timer.unref?.();
    this.#wire.askLine({ type: 'get_messages' }, (line) => {
      clearTimeout(timer);
      settle(readAnswer(line));
    });
  }
}

/** The agent's answer line, read: where its messages are, or why there are none. */
function readAnswer(line: InboundMessage): Read {
  const text = line.text;
  const elements = arrayElements(text, ['data', 'messages']);
  if (elements) return { text, elements };
  const response = line.value;
  const error = isPlainObject(response) && typeof response.error === 'string' ? response.error : undefined;
  return { error: error ?? 'The agent answered get_messages without messages.' };
}

/** The JSON text of the answer to one tab's request. */
function answerText(read: Read, { id, last }: ReturnType<typeof requestOf>): string {
  if ('error' in read)
    return JSON.stringify({ type: MESSAGES_TYPE, ...id, error: read.error } satisfies BridgeMessages);
  const { text, elements } = read;
  const { starts, end } = elements;
  const from = last === undefined ? 0 : Math.max(0, starts.length - last);
  const messages = from < starts.length ? text.slice(starts[from], end).trimEnd() : '';
  // Built as text: the messages are the agent's own JSON, passed on as they came.
  const head = JSON.stringify({ type: MESSAGES_TYPE, ...id, total: starts.length });
  return `${head.slice(0, -1)},"messages":[${messages}]}`;
}

/** The tab's request, read: its id, and how many of the newest messages it wants. */
function requestOf(value: Record<string, unknown>): {
  readonly id: { readonly id?: string };
  readonly last: BridgeGetMessages['last'];
} {
  const { id, last } = value;
  return {
    id: typeof id === 'string' ? { id } : {},
    last: typeof last === 'number' && Number.isSafeInteger(last) && last >= 0 ? last : undefined,
  };
}
