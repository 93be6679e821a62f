/**
 * oh-my-pi's protocol v2: a line too long for its 1 MiB frame cap comes as `rpc_chunk` frames,
 * each a base64 slice of the line's UTF-8 bytes, strictly in order. Without v2 it cuts long
 * strings instead and marks each cut (see {@link elidedCount}).
 */
import { isRecord } from '../shared/is-record.js';

/** The `type` of a chunk frame. */
export const CHUNK_TYPE = 'rpc_chunk';

/** The most a reassembled line may hold (oh-my-pi's own ceiling is 64 MiB). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

interface Pending {
  readonly chunkId: string;
  readonly count: number;
  readonly byteLength: number;
  readonly parts: Uint8Array[];
  received: number;
}

/** What one chunk frame gave: nothing yet, the whole line, or a broken sequence (dropped). */
export type ChunkResult =
  | { readonly kind: 'partial' }
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'error'; readonly error: string };

function base64Bytes(data: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) return undefined;
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Puts `rpc_chunk` frames back together into the lines they were cut from. */
export class ChunkAssembler {
  #pending: Pending | undefined;

  /** Whether a sequence is under way (any other line now means it was cut short). */
  get busy(): boolean {
    return this.#pending !== undefined;
  }

  /** Take one parsed `rpc_chunk` frame. A broken sequence is dropped whole, with the reason. */
  push(frame: unknown): ChunkResult {
    const result = this.#take(frame);
    if (result.kind === 'error') this.#pending = undefined;
    return result;
  }

  /** Forget a sequence cut short (another line came in the middle, or the agent ended). */
  reset(): void {
    this.#pending = undefined;
  }

  #take(frame: unknown): ChunkResult {
    if (!isRecord(frame)) return { kind: 'error', error: 'a chunk frame is not an object' };
    const { chunkId, index, count, byteLength, data } = frame;
    if (
      typeof chunkId !== 'string' ||
      !Number.isSafeInteger(index) ||
      !Number.isSafeInteger(count) ||
      !Number.isSafeInteger(byteLength) ||
      typeof data !== 'string'
    )
      return { kind: 'error', error: 'a chunk frame lacks chunkId, index, count, byteLength or data' };
    const at = index as number;
    const total = count as number;
    const length = byteLength as number;
    if (length > MAX_LINE_BYTES)
      return { kind: 'error', error: `a chunked line of ${length} bytes is too long` };
    if (at === 0) {
      if (this.#pending)
        return { kind: 'error', error: `chunks of "${this.#pending.chunkId}" were cut short` };
      this.#pending = { chunkId, count: total, byteLength: length, parts: [], received: 0 };
    }
    const pending = this.#pending;
    if (
      !pending ||
      pending.chunkId !== chunkId ||
      pending.count !== total ||
      pending.byteLength !== length ||
      pending.parts.length !== at
    )
      return { kind: 'error', error: `chunk ${at} of "${chunkId}" came out of order` };
    const bytes = base64Bytes(data);
    if (!bytes) return { kind: 'error', error: `chunk ${at} of "${chunkId}" is not base64` };
    pending.parts.push(bytes);
    pending.received += bytes.length;
    if (pending.received > length)
      return { kind: 'error', error: `chunks of "${chunkId}" exceed their length` };
    if (pending.parts.length < total) return { kind: 'partial' };
    this.#pending = undefined;
    if (pending.received !== length)
      return { kind: 'error', error: `chunks of "${chunkId}" fall short of their length` };
    const whole = new Uint8Array(length);
    let offset = 0;
    for (const part of pending.parts) {
      whole.set(part, offset);
      offset += part.length;
    }
    try {
      return { kind: 'line', text: new TextDecoder('utf-8', { fatal: true }).decode(whole) };
    } catch {
      return { kind: 'error', error: `chunks of "${chunkId}" are not UTF-8` };
    }
  }
}

const ELIDED_CHARS = /\n…\[(\d+) chars elided for RPC frame\]$/;
const ELIDED_ITEMS = /^…\[(\d+) items elided for RPC frame\]$/;

/**
 * How many characters oh-my-pi cut from the end of `text` to fit its frame cap (it ends with
 * `…[N chars elided for RPC frame]`), or `0` when it was not cut.
 */
export function elidedCount(text: string): number {
  const match = ELIDED_CHARS.exec(text);
  return match ? Number(match[1]) : 0;
}

/** How many items oh-my-pi cut from a list (its last item says `…[N items elided…]`), or `0`. */
export function elidedItems(list: readonly string[]): number {
  const match = ELIDED_ITEMS.exec(list[list.length - 1] ?? '');
  return match ? Number(match[1]) : 0;
}
