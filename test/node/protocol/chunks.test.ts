/** oh-my-pi's protocol v2 chunk frames, put back together; its v1 cuts, recognised. */
import { describe, expect, it } from 'vitest';
import { ChunkAssembler, elidedCount, elidedItems } from '../../../src/protocol/chunks.js';

/** Cut `line` into frames as oh-my-pi does: 256 KiB of UTF-8 each, base64 (its transcripts shorten them). */
function chunk(line: string, chunkId: string): Record<string, unknown>[] {
  const bytes = Buffer.from(line, 'utf8');
  const size = 256 * 1024;
  const count = Math.ceil(bytes.length / size);
  return Array.from({ length: count }, (_, index) => ({
    type: 'rpc_chunk',
    chunkId,
    index,
    count,
    byteLength: bytes.length,
    data: bytes.subarray(index * size, (index + 1) * size).toString('base64'),
  }));
}

// What the real omp sent in big-v2.jsonl: a 1.5 MB notify and editor prefill, with text that is
// not ASCII across the cuts.
const long = '0123456789abcdef✓—'.repeat(1_500_000 / 18);
const frames = [
  ...chunk(
    JSON.stringify({ type: 'extension_ui_request', id: 'n', method: 'notify', message: long }),
    'rpc-1',
  ),
  ...chunk(
    JSON.stringify({ type: 'extension_ui_request', id: 'e', method: 'editor', title: 't', prefill: long }),
    'rpc-2',
  ),
];

describe('rpc_chunk reassembly', () => {
  it('puts a 1.5 MB notify and editor prefill back together, character for character', () => {
    const assembler = new ChunkAssembler();
    const lines = frames.map((frame) => assembler.push(frame)).filter((r) => r.kind === 'line');
    expect(lines).toHaveLength(2);
    type Line = { method: string; message?: string; prefill?: string };
    const [notify, editor] = lines.map((r) => (r.kind === 'line' ? (JSON.parse(r.text) as Line) : undefined));
    expect(notify?.method).toBe('notify');
    expect(editor?.method).toBe('editor');
    expect(notify?.message).toBe(long);
    expect(editor?.prefill).toBe(long);
    expect(elidedCount(editor?.prefill ?? '')).toBe(0);
    expect(assembler.busy).toBe(false);
  });

  it('drops a sequence that comes out of order, and starts clean with the next', () => {
    const assembler = new ChunkAssembler();
    const first = frames.filter((f) => f.chunkId === 'rpc-1');
    expect(assembler.push(first[0]).kind).toBe('partial');
    const skipped = assembler.push(first[2]);
    expect(skipped).toMatchObject({ kind: 'error', error: expect.stringMatching(/out of order/) });
    const results = first.map((frame) => assembler.push(frame).kind);
    expect(results.at(-1)).toBe('line');
  });

  it('refuses data that is not base64 and lengths that do not add up', () => {
    const assembler = new ChunkAssembler();
    const frame = { type: 'rpc_chunk', chunkId: 'x', index: 0, count: 2, byteLength: 10 };
    expect(assembler.push({ ...frame, data: 'not base64!' }).kind).toBe('error');
    expect(assembler.push({ ...frame, data: btoa('0123456789abc') }).kind).toBe('error');
    expect(assembler.busy).toBe(false);
  });
});

describe('v1 cuts', () => {
  it('reads how much oh-my-pi cut from a string or a list', () => {
    // Its frame encoder keeps 256 KiB less 80 and says how much it left out (rpc-frame.ts).
    const kept = 256 * 1024 - 80;
    const cut = `${long.slice(0, kept)}\n…[${long.length - kept} chars elided for RPC frame]`;
    expect(elidedCount(cut)).toBe(long.length - kept);
    expect(elidedCount('a plain text that mentions […] elided for RPC frame')).toBe(0);
    expect(elidedItems(['a', '…[12 items elided for RPC frame]'])).toBe(12);
    expect(elidedItems(['a'])).toBe(0);
  });
});
