/**
 * The large-session bench (bench/large-session), small: a session of 200 messages made from the
 * one the real pi 1.x wrote through the built bridge, opened twice in Chromium. The rows must be
 * there and measured; the session file must be one pi reads as a chain of its own.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLargeSessionBench } from '../../../bench/large-session/index.js';
import { inflateSession } from '../../../bench/large-session/session-file.js';

describe('the large-session bench', () => {
  it('makes a session of many messages from one prompt and its reply, chained as pi chains them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rpc-ui-inflate-'));
    try {
      const file = join(dir, 'session.jsonl');
      const lines = [
        { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
        { type: 'model_change', id: 'a', parentId: null, provider: 'p', modelId: 'm' },
        { type: 'message', id: 'b', parentId: 'a', message: { role: 'system', content: '' } },
        { type: 'message', id: 'c', parentId: 'b', message: { role: 'user', content: [] } },
        { type: 'message', id: 'd', parentId: 'c', message: { role: 'assistant', content: [], usage: {} } },
      ];
      writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
      inflateSession(file, 6);
      const out = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map(
          (line) => JSON.parse(line) as { id?: string; parentId?: string | null; message?: { role: string } },
        );
      expect(out.slice(0, 3)).toEqual(lines.slice(0, 3));
      const messages = out.slice(3);
      expect(messages.map((entry) => entry.message?.role)).toEqual([
        'user',
        'assistant',
        'user',
        'assistant',
        'user',
        'assistant',
      ]);
      expect(messages.map((entry) => entry.parentId)).toEqual([
        'b',
        ...messages.slice(0, -1).map((entry) => entry.id),
      ]);
      expect(new Set(messages.map((entry) => entry.id)).size).toBe(6);
      expect(JSON.stringify(messages.at(-1))).toContain('Reply 3:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('opens a session of 200 messages through the built bridge in Chromium, after a restart and again: the rows', async () => {
    const rows = await runLargeSessionBench({
      engines: ['chromium'],
      messages: 200,
      runs: 2,
      log: () => undefined,
    });
    expect(rows.map((row) => [row.name, row.unit, row.engine, row.samples])).toEqual([
      ['large session: 200 messages: first page after a restart → conversation painted', 'ms', 'chromium', 1],
      ['large session: 200 messages: page opened again → conversation painted', 'ms', 'chromium', 1],
      ['large session: 200 messages: bridge RSS (peak while opened)', 'MB', undefined, expect.any(Number)],
    ]);
    const [first, again, rss] = rows;
    expect(first?.value).toBeGreaterThan(0);
    expect(again?.value).toBeGreaterThan(0);
    // A Node process running the bridge: tens of megabytes, not nothing.
    expect(rss?.value).toBeGreaterThan(20);
  }, 240_000);
});
