// Plain output when `npm test` is not on a terminal (or NO_COLOR is set): each runner's output
// without colour or cursor codes. The runners are asked for none (NO_COLOR; FORCE_COLOR, even `0`,
// forces colour in vitest's tinyrainbow and web-test-runner's nanocolors), and what they still
// write (web-test-runner erases its progress line with cursor codes) is stripped here, line by line.
// Also the one browser message the runners' configs drop: Lit's dev-mode notice, which every test
// page logs (the tests run Lit's development build).
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

/** Whether output is to be plain: stdout is not a terminal, or NO_COLOR is set. */
export function isPlain(stream = process.stdout, env = process.env) {
  return !stream.isTTY || Boolean(env.NO_COLOR);
}

/** Lit's notice in a development build (once per page): the only browser message the runners drop. */
export function isLitDevModeNotice(text) {
  return typeof text === 'string' && text.startsWith('Lit is in dev mode.');
}

/** Copy `from` to `to` a line at a time, without colour or cursor codes. */
function plainLines(from, to) {
  let partial = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    if (lines.length) to.write(`${lines.map((line) => stripVTControlCharacters(line)).join('\n')}\n`);
  });
  return new Promise((resolve) =>
    from.on('end', () => {
      if (partial) to.write(stripVTControlCharacters(partial));
      resolve();
    }),
  );
}

/**
 * Run `command`; resolves to whether it exited 0. Plain (isPlain of `stdout`), its output is piped
 * through plainLines with NO_COLOR set and FORCE_COLOR unset; else it writes to the terminal directly.
 */
export async function runPlainly(
  command,
  args,
  { env = process.env, stdout = process.stdout, stderr = process.stderr, plain = isPlain(stdout, env) } = {},
) {
  const childEnv = { ...env };
  if (plain) {
    childEnv.NO_COLOR = '1';
    delete childEnv.FORCE_COLOR;
  }
  const child = spawn(command, args, {
    env: childEnv,
    stdio: plain ? ['inherit', 'pipe', 'pipe'] : 'inherit',
  });
  const copied = plain
    ? Promise.all([plainLines(child.stdout, stdout), plainLines(child.stderr, stderr)])
    : Promise.resolve();
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
  await copied;
  return status === 0;
}
