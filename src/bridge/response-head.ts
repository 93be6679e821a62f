/**
 * Whose answer an agent's response line is, read from its first characters. pi, oh-my-pi and
 * atomic all write a response as `{"id":"…","type":"response","command":"…"`, so a 3 MB answer to
 * `get_messages` is neither scanned nor parsed to learn its id and command; a line of any other
 * shape is parsed. Node only in practice, but DOM-free.
 */
import type { InboundMessage } from '../transport/inbound.js';
import { isPlainObject } from '../transport/jsonl.js';

/** A response's `id` and `command`, where they are strings. */
export interface ResponseHead {
  readonly id: string | undefined;
  readonly command: string | undefined;
}

/** Far enough into a line for the longest id and command the bridge needs to read. */
const HEAD_CHARS = 512;
const HEAD = /^\{(?:"id":"([^"\\]*)",)?"type":"response","command":"([^"\\]+)"/;

// The same line is asked about by several readers (the wire, the dialogs' table, the session
// follower): read once.
const heads = new WeakMap<InboundMessage, ResponseHead>();

/** The `id` and `command` of `message`, a line of `type: "response"`. */
export function responseHead(message: InboundMessage): ResponseHead {
  let head = heads.get(message);
  if (!head) {
    head = readHead(message);
    heads.set(message, head);
  }
  return head;
}

function readHead(message: InboundMessage): ResponseHead {
  const match = HEAD.exec(message.text.slice(0, HEAD_CHARS));
  if (match) return { id: match[1], command: match[2] };
  const value = message.value;
  if (!isPlainObject(value)) return { id: undefined, command: undefined };
  return {
    id: typeof value.id === 'string' ? value.id : undefined,
    command: typeof value.command === 'string' ? value.command : undefined,
  };
}
