/**
 * The stand-in agent of the hosted bench: a few lines of Node that speak the extension UI protocol
 * on stdio and nothing else, so the figures are the bridge's and the proxy's, not an agent's.
 * Once a tab sends `bench_start` it asks a `select` every `intervalMs` and times each dialog on its
 * own clock, from writing the request to reading the first answer. When its stdin closes (the
 * bridge is closing) it writes its tally on stderr as one `bench_tally {json}` line.
 */

/** The command a tab sends to start the dialogs (the bridge is told to let it through). */
export const START_COMMAND = 'bench_start';

/** What one stand-in agent counted, per dialog in the order asked. */
export interface Tally {
  /** How many answers reached the agent. */
  readonly answers: readonly number[];
  /** Request written → first answer read, in ms (-1 for none). */
  readonly ms: readonly number[];
  /** How long before the agent's stdin closed the dialog was asked, in ms. */
  readonly ageMs: readonly number[];
  /** Answers to ids the agent never asked. */
  readonly stray: number;
  /** Answers whose value was not the one the tabs give (`a`). */
  readonly wrong: number;
}

const TALLY_PREFIX = 'bench_tally ';

// Plain JavaScript for `node -e`, with the interval as its argument (process.argv[1]).
export const STAND_IN_AGENT = `
const intervalMs = Number(process.argv[1]) || 1000;
const asked = new Map();
let count = 0, stray = 0, wrong = 0, timer, rest = '';
const ask = () => {
  const id = 'bench-' + ++count;
  asked.set(id, { at: performance.now(), answers: 0, ms: -1 });
  const request = { type: 'extension_ui_request', id, method: 'select', title: 'Pick ' + count, options: ['a', 'b'] };
  process.stdout.write(JSON.stringify(request) + '\\n');
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const at = performance.now();
  const lines = (rest + chunk).split('\\n');
  rest = lines.pop();
  for (const line of lines) {
    let message;
    try { message = JSON.parse(line); } catch { continue; }
    if (message.type === '${START_COMMAND}' && timer === undefined) {
      ask();
      timer = setInterval(ask, intervalMs);
    }
    if (message.type !== 'extension_ui_response') continue;
    const dialog = asked.get(message.id);
    if (!dialog) { stray++; continue; }
    if (message.value !== 'a') wrong++;
    if (dialog.answers++ === 0) dialog.ms = at - dialog.at;
  }
});
process.stdin.on('end', () => {
  clearInterval(timer);
  const now = performance.now();
  const dialogs = [...asked.values()];
  const tally = {
    answers: dialogs.map((d) => d.answers),
    ms: dialogs.map((d) => d.ms),
    ageMs: dialogs.map((d) => now - d.at),
    stray,
    wrong,
  };
  process.stderr.write('${TALLY_PREFIX}' + JSON.stringify(tally) + '\\n');
});
`;

/** The tally among the agent's stderr lines (as the bridge kept them); throws when there is none. */
export function readTally(stderr: readonly string[]): Tally {
  const line = stderr.findLast((text) => text.startsWith(TALLY_PREFIX));
  if (line === undefined)
    throw new Error(`The stand-in agent wrote no tally; its stderr:\n${stderr.join('\n')}`);
  return JSON.parse(line.slice(TALLY_PREFIX.length)) as Tally;
}
