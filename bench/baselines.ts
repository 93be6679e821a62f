import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';

const LF = 0x0a;

/** What a baseline parsed: lines that are JSON, and lines that were not (split wrongly). */
export interface ParseTally {
  readonly parsed: number;
  readonly failed: number;
}

/**
 * Baseline a: split the bytes on `\n` (joining a line that spans chunks), decode each line with
 * a TextDecoder and JSON.parse it: the least a client that reads every event has to do.
 */
export function parseEveryLine(chunks: readonly Uint8Array[]): ParseTally {
  const decoder = new TextDecoder();
  let carry: Uint8Array[] = [];
  let parsed = 0;
  for (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(LF); end >= 0; end = chunk.indexOf(LF, start)) {
      const tail = chunk.subarray(start, end);
      const line = carry.length === 0 ? tail : Buffer.concat([...carry, tail]);
      carry = [];
      start = end + 1;
      if (line.length === 0) continue;
      const value: unknown = JSON.parse(decoder.decode(line));
      if (typeof value === 'object') parsed++;
    }
    if (start < chunk.length) carry.push(chunk.subarray(start));
  }
  return { parsed, failed: 0 };
}

/**
 * Baseline b: Node's `readline` over a Readable of the same chunks (as Buffers, as a child's
 * stdout gives them), JSON.parse on every `line` event. Lines that are not JSON are counted, not
 * thrown: a line reader that splits where it should not shows up there.
 */
export async function readlineParse(buffers: readonly Buffer[]): Promise<ParseTally> {
  const lines = createInterface({ input: Readable.from(buffers), crlfDelay: Number.POSITIVE_INFINITY });
  let parsed = 0;
  let failed = 0;
  lines.on('line', (line: string) => {
    if (line.length === 0) return;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object') parsed++;
    } catch {
      failed++;
    }
  });
  await once(lines, 'close');
  return { parsed, failed };
}
