/**
 * `npm test` off a terminal (its output to a file or a pipe) is plain: the runners it starts write
 * no colour or cursor codes through it (scripts/plain-output.mjs), and no page's "Lit is in dev
 * mode" notice (dropped in web-test-runner.config.mjs and vitest.config.ts). One small browser test
 * file and one story file are run as `npm test` runs them.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isLitDevModeNotice, runPlainly } from '../../../scripts/plain-output.mjs';

/** Run as scripts/test.mjs runs it, its output collected (not a terminal). */
async function runCollected(args: readonly string[], env: NodeJS.ProcessEnv) {
  const sink = new PassThrough();
  let output = '';
  sink.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // Not the vitest worker's own settings: the runner is started as from a shell.
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  delete base.NODE_ENV;
  const ok = await runPlainly('npx', args, {
    env: { ...base, FORCE_COLOR: '0', STORYBOOK_DISABLE_TELEMETRY: '1', ...env },
    stdout: sink,
    stderr: sink,
  });
  return { ok, output };
}

/** What plain output must not hold. */
function expectPlain(output: string): void {
  expect(output).not.toContain('\u001b');
  expect(output).not.toMatch(/dev mode/i);
}

describe("npm test's output, not on a terminal", () => {
  it('strips colour and cursor codes; drops only Lit’s dev-mode notice', async () => {
    const { ok, output } = await runCollected(
      [
        'node',
        '-e',
        'console.log("\\u001b[31mred\\u001b[39m"); process.stdout.write("\\u001b[2K\\u001b[1Aend")',
      ],
      {},
    );
    expect(ok).toBe(true);
    expect(output).toBe('red\nend');
    expect(
      isLitDevModeNotice(
        'Lit is in dev mode. Not recommended for production! See https://lit.dev/msg/dev-mode for more information.',
      ),
    ).toBe(true);
    expect(isLitDevModeNotice('Multiple versions of Lit loaded.')).toBe(false);
    expect(isLitDevModeNotice({})).toBe(false);
  });

  it('web-test-runner: one browser test file in Chromium', async () => {
    const { ok, output } = await runCollected(['web-test-runner'], {
      RPC_UI_ENGINE: 'chromium',
      RPC_UI_TEST_FILES: 'test/browser/components/define.test.ts',
    });
    expect(ok, output).toBe(true);
    expect(output).toMatch(/\d+ passed, 0 failed/);
    expect(output).not.toContain('Browser logs');
    expectPlain(output);
  }, 60_000);

  it('vitest: one story file', async () => {
    const { ok, output } = await runCollected(
      ['vitest', 'run', '--project=storybook', 'stories/rpc-dialogs.stories.ts'],
      {},
    );
    expect(ok, output).toBe(true);
    expect(output).toMatch(/Tests\s+\d+ passed/);
    expectPlain(output);
  }, 90_000);
});
