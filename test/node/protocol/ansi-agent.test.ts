/**
 * ANSI from the real agent: pi 0.73.1 in RPC mode with the demo extension colours status text
 * with its own theme (`/probe` with `themeColor`), and the parser reads what arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProcess } from '../../../src/bridge/agent-process.js';
import { type AnsiRun, parseAnsi, stripAnsi } from '../../../src/protocol/ansi.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { spawnAgent } from '../../support/agent.js';

let agent: AgentProcess;
let controller: ExtensionUIController;
let prompts = 0;

beforeAll(async () => {
  agent = await spawnAgent();
  controller = new ExtensionUIController({ transport: agent.transport });
});

afterAll(async () => {
  expect(await agent.stop()).toEqual({ code: 0, signal: null });
});

/** Run `/probe` with these calls and wait for its result notification. */
function probe(calls: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = controller.on('notify', (entry) => {
      if (!entry.message.startsWith('UI_PROBE_RESULT ')) return;
      stop();
      if (entry.message.includes('"error"')) reject(new Error(entry.message));
      else resolve();
    });
    controller.send({ type: 'prompt', id: `ansi-${++prompts}`, message: `/probe ${JSON.stringify(calls)}` });
  });
}

function status(key: string): string {
  return controller.statuses.find((s) => s.key === key)?.text ?? '';
}

/** One coloured run holding `text`, then nothing but plain runs (the colour was reset). */
function expectColoured(runs: readonly AnsiRun[], text: string): void {
  expect(runs.map((r) => r.text).join('')).toBe(text);
  const coloured = runs.filter((r) => r.style.fg);
  expect(coloured.map((r) => r.text)).toEqual([text]);
  expect(['rgb', 'indexed', 'basic']).toContain(coloured[0]?.style.fg?.kind);
}

describe('ANSI from the real agent', () => {
  const colours = ['accent', 'success', 'error', 'warning', 'dim', 'muted'] as const;

  it("reads status text coloured by the agent's theme", async () => {
    await probe(
      colours.map((colour) => ({
        call: 'setStatus',
        args: [colour, `${colour} text ✓`],
        themeColor: colour,
      })),
    );
    for (const colour of colours) {
      const raw = status(colour);
      // Captured (pi 0.73.1, dark theme): accent is \u001b[38;2;138;190;183m…\u001b[39m.
      // Each: a 24-bit or 256-colour foreground, reset with 39 at the end.
      expect(raw.startsWith('\u001b[38;'), colour).toBe(true);
      expect(raw.slice(1), colour).toMatch(/^\[38;(2;\d+;\d+;\d+|5;\d+)m/);
      expect(raw.endsWith('\u001b[39m'), colour).toBe(true);
      expectColoured(parseAnsi(raw), `${colour} text ✓`);
      expect(stripAnsi(raw)).toBe(`${colour} text ✓`);
    }
    // Different theme colours give different colours.
    const fgs = colours.map((c) => JSON.stringify(parseAnsi(status(c))[0]?.style.fg));
    expect(new Set(fgs).size).toBeGreaterThan(3);
  });

  it('keeps captured colours in widget lines, whitespace included', async () => {
    await probe([{ call: 'setStatus', args: ['capture', 'x'], themeColor: 'success' }]);
    const coloured = status('capture');
    const lines = [`  ${coloured} done`, '\tplain'];
    await probe([{ call: 'setWidget', args: ['w', lines, { placement: 'belowEditor' }] }]);
    const widget = controller.widgetsFor('belowEditor').find((w) => w.key === 'w');
    expect(widget?.lines).toEqual(lines);
    const runs = parseAnsi(widget?.lines[0] ?? '');
    expect(runs.map((r) => r.text)).toEqual(['  ', 'x', ' done']);
    expect(runs[1]?.style.fg).toBeDefined();
    expect(runs[2]?.style.fg).toBeUndefined();
  });
});
