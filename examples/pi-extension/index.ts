/**
 * The rpc-ui-kit demo extension for pi. `npm start` runs it (the offline demo); beside your own
 * agent it is `node bin/rpc-ui.mjs serve --extension examples/pi-extension/index.ts`, and in pi
 * itself `pi --mode rpc -e examples/pi-extension/index.ts`.
 *
 * - `/demo` walks through every extension UI method with sensible content.
 * - `/demo-<method>` shows one method (select, confirm, input, editor, notify, status, widget,
 *   title, editor-text).
 * - `/probe <json>` runs the calls described by a JSON array at once and reports what the
 *   extension received as a notify whose message is `UI_PROBE_RESULT <json>`. Tests drive it.
 * - `/bench-roundtrip <n> [warmups] [confirm|select]` asks `warmups` (default 5) untimed, then
 *   `n` timed dialogs one after another, timing each from just before the call (which writes the
 *   request) to its resolution (the answer read), and reports a notify whose message is
 *   `UI_BENCH_RESULT <json>` (`samplesMs` and the `answers` received). bench/e2e drives it.
 * - `/fault-huge <chars> [notify|widget|editor]` writes one notify (or widget) whose text is
 *   `chars` characters long (`HUGE-START …x… HUGE-END`), then a notify `UI_FAULT_HUGE_DONE <chars>`;
 *   `editor` opens an editor with that prefill and reports `UI_FAULT_HUGE_EDITOR <json>` (the
 *   answer's length, whether it is the prefill untouched, and its last characters). The tests
 *   drive it (an agent line of 20 MB; oh-my-pi's 1 MiB frame cap).
 * - With `RPC_UI_DEMO_STARTUP=confirm` in its environment, it asks a confirm while the session
 *   starts and reports `UI_STARTUP_RESULT <json>` (atomic reads answers that early; pi cannot).
 */
import type { ExtensionAPI, ExtensionCommandContext } from '@mariozechner/pi-coding-agent';

type UI = ExtensionCommandContext['ui'];

/** One call for `/probe`: a `ctx.ui` method and its arguments (`null` stands for `undefined`). */
interface ProbeCall {
  call:
    | 'select'
    | 'confirm'
    | 'input'
    | 'editor'
    | 'notify'
    | 'setStatus'
    | 'setWidget'
    | 'setTitle'
    | 'setEditorText'
    /** `console.log` (pi writes it to stderr, oh-my-pi to stdout as a line that is not JSON). */
    | 'log';
  args: unknown[];
  /** Dialog timeout in ms (passed as `{ timeout }`). */
  timeout?: number;
  /** Abort the dialog through an AbortSignal after this many ms. */
  abortAfterMs?: number;
  /** Colour the first string argument with this theme colour (status, widget lines, notify). */
  themeColor?: string;
}

function describe(value: unknown): { type: string; value?: unknown } {
  return value === undefined ? { type: 'undefined' } : { type: typeof value, value };
}

async function runCall(
  ui: UI,
  spec: ProbeCall,
): Promise<{ type: string; value?: unknown; elapsedMs: number }> {
  const started = Date.now();
  const controller = new AbortController();
  if (spec.abortAfterMs !== undefined) setTimeout(() => controller.abort(), spec.abortAfterMs);
  const opts = {
    ...(spec.timeout === undefined ? {} : { timeout: spec.timeout }),
    signal: controller.signal,
  };
  // JSON has no `undefined`: a `null` argument stands for it (clears a status or widget).
  const args = spec.args.map((arg) => (arg === null ? undefined : arg));
  if (spec.themeColor && typeof args[1] === 'string') {
    args[1] = ui.theme.fg(spec.themeColor as Parameters<UI['theme']['fg']>[0], args[1]);
  }
  let result: unknown;
  const [a, b, c] = args as [string, unknown, unknown];
  switch (spec.call) {
    case 'select':
      result = await ui.select(a, b as string[], opts);
      break;
    case 'confirm':
      result = await ui.confirm(a, b as string, opts);
      break;
    case 'input':
      result = await ui.input(a, b as string | undefined, opts);
      break;
    case 'editor':
      result = await ui.editor(a, b as string | undefined);
      break;
    case 'notify':
      ui.notify(a, b as 'info' | 'warning' | 'error' | undefined);
      break;
    case 'setStatus':
      ui.setStatus(a, b as string | undefined);
      break;
    case 'setWidget':
      ui.setWidget(
        a,
        b as string[] | undefined,
        c as { placement?: 'aboveEditor' | 'belowEditor' } | undefined,
      );
      break;
    case 'setTitle':
      ui.setTitle(a);
      break;
    case 'setEditorText':
      ui.setEditorText(a);
      break;
    case 'log':
      console.log(a);
      break;
  }
  return { ...describe(result), elapsedMs: Date.now() - started };
}

const PROBE_PREFIX = 'UI_PROBE_RESULT ';

async function probe(args: string, ctx: ExtensionCommandContext): Promise<void> {
  let calls: ProbeCall[];
  try {
    calls = JSON.parse(args) as ProbeCall[];
  } catch (error) {
    ctx.ui.notify(`${PROBE_PREFIX}${JSON.stringify({ error: String(error) })}`, 'error');
    return;
  }
  const results = await Promise.all(calls.map((call) => runCall(ctx.ui, call)));
  ctx.ui.notify(`${PROBE_PREFIX}${JSON.stringify({ results })}`, 'info');
}

const BENCH_PREFIX = 'UI_BENCH_RESULT ';
const BENCH_MAX_CALLS = 100_000;

/** The arguments of `/bench-roundtrip`, or the reason they are wrong. */
function benchArgs(args: string): { n: number; warmups: number; method: 'confirm' | 'select' } | string {
  const [count = '', warm = '5', method = 'confirm', ...rest] = args.trim().split(/\s+/);
  const n = Number(count);
  const warmups = Number(warm);
  const ok = (value: number) => Number.isInteger(value) && value >= 0 && value <= BENCH_MAX_CALLS;
  if (!ok(n) || n === 0 || !ok(warmups) || rest.length > 0 || (method !== 'confirm' && method !== 'select'))
    return 'Usage: /bench-roundtrip <n> [warmups] [confirm|select]';
  return { n, warmups, method };
}

/**
 * Sequential dialogs, each timed with `performance.now()` from just before the call (the request
 * is written synchronously inside it) to the moment its promise resolves (the answer was read
 * from stdin and parsed). The titles say which call it is: `Round trip warm-up i`, `Round trip i`.
 */
async function benchRoundTrip(args: string, ctx: ExtensionCommandContext): Promise<void> {
  const parsed = benchArgs(args);
  if (typeof parsed === 'string') {
    ctx.ui.notify(`${BENCH_PREFIX}${JSON.stringify({ error: parsed })}`, 'error');
    return;
  }
  const { n, warmups, method } = parsed;
  const ask = (title: string): Promise<unknown> =>
    method === 'confirm'
      ? ctx.ui.confirm(title, 'Answered by a script in the page.')
      : ctx.ui.select(title, ['first', 'second', 'third']);
  for (let i = 1; i <= warmups; i++) await ask(`Round trip warm-up ${i}`);
  const samplesMs: number[] = [];
  const answers: unknown[] = [];
  for (let i = 1; i <= n; i++) {
    const started = performance.now();
    const answer = await ask(`Round trip ${i}`);
    samplesMs.push(Math.round((performance.now() - started) * 1000) / 1000);
    answers.push(answer === undefined ? null : answer);
  }
  ctx.ui.notify(`${BENCH_PREFIX}${JSON.stringify({ method, n, warmups, samplesMs, answers })}`, 'info');
}

const HUGE_MAX_CHARS = 100_000_000;

/** `/fault-huge`: one request line of about `chars` bytes, then a small notify saying it was written. */
async function faultHuge(args: string, ctx: ExtensionCommandContext): Promise<void> {
  const [count = '', kind = 'notify', ...rest] = args.trim().split(/\s+/);
  const chars = Number(count);
  const head = 'HUGE-START ';
  const tail = ' HUGE-END';
  if (
    !Number.isInteger(chars) ||
    chars < head.length + tail.length ||
    chars > HUGE_MAX_CHARS ||
    (kind !== 'notify' && kind !== 'widget' && kind !== 'editor') ||
    rest.length > 0
  ) {
    ctx.ui.notify('Usage: /fault-huge <chars> [notify|widget|editor]', 'error');
    return;
  }
  const text = `${head}${'x'.repeat(chars - head.length - tail.length)}${tail}`;
  if (kind === 'editor') {
    const answer = await ctx.ui.editor('Huge prefill', text);
    const report = { length: answer?.length ?? null, untouched: answer === text, end: answer?.slice(-20) };
    ctx.ui.notify(`UI_FAULT_HUGE_EDITOR ${JSON.stringify(report)}`, 'info');
    return;
  }
  if (kind === 'notify') ctx.ui.notify(text, 'info');
  else ctx.ui.setWidget('fault-huge', [text]);
  ctx.ui.notify(`UI_FAULT_HUGE_DONE ${chars}`, 'info');
}

/** Whether the tour shows the model in the status line (kept true to `model_select`). */
let modelShown = false;

/** The status line's word on the model: its name, as the agent has it now. */
function showModel(ui: UI, model: { readonly name: string } | undefined): void {
  ui.setStatus('model', ui.theme.fg('dim', model ? `model: ${model.name}` : 'no model'));
}

async function tour(ctx: ExtensionCommandContext): Promise<void> {
  const ui = ctx.ui;
  const { theme } = ui;
  /** The tour ends when a question goes unanswered (Stop, Escape, a timeout) or the run is aborted. */
  const stopped = <T>(answer: T | undefined | false, why: string): answer is undefined | false => {
    if (answer !== undefined && answer !== false && !ctx.signal?.aborted) return false;
    ui.notify(`Demo stopped: ${why}.`, 'warning');
    ui.setStatus('demo', undefined);
    ui.setStatus('model', undefined);
    modelShown = false;
    ui.setWidget('demo-plan', undefined);
    return true;
  };
  ui.setTitle('pi — rpc-ui-kit demo');
  ui.setStatus('demo', theme.fg('accent', '● demo running'));
  showModel(ui, ctx.model);
  modelShown = true;
  ui.setWidget('demo-summary', undefined); // from an earlier run
  ui.setWidget('demo-plan', [theme.bold('Plan'), '  1. pick a colour', '  2. confirm', '  3. name it'], {
    placement: 'aboveEditor',
  });
  ui.notify('Welcome to the rpc-ui-kit demo: every extension UI method, one after another.', 'info');
  const colour = await ui.select('Pick a colour for the demo', ['Red', 'Green', 'Blue', 'Ultraviolet'], {
    timeout: 30_000,
  });
  if (stopped(colour, 'no colour was picked')) return;
  ui.setWidget('demo-plan', [theme.bold('Plan'), `  1. colour: ${colour} ✓`, '  2. confirm', '  3. name it']);
  const go = await ui.confirm(
    'Continue the demo?',
    'The next steps ask for text.\nYou can cancel at any time.',
  );
  // confirm() is false for No, for Escape (cancelled) and for a timeout alike.
  if (stopped(go, 'you did not say yes')) return;
  const name = await ui.input('Name this session', 'e.g. refactor-auth');
  if (stopped(name, 'the session has no name')) return;
  const notes = await ui.editor('Write a note', `Session: ${name}\nColour: ${colour}\n\n- `);
  if (stopped(notes, 'the note was not written')) return;
  ui.setEditorText(`/note ${name}`);
  ui.setWidget('demo-plan', undefined);
  ui.setWidget('demo-summary', [`colour: ${colour}`, `name: ${name}`, `note: ${notes.length} chars`], {
    placement: 'belowEditor',
  });
  ui.setStatus('demo', theme.fg('success', '✓ demo done'));
  ui.notify(`Done. Colour ${colour}, name ${name}.`, 'info');
}

/** Register the demo and probe commands. */
export default function demoExtension(pi: ExtensionAPI): void {
  pi.registerCommand('demo', {
    description: 'Tour every extension UI method',
    handler: (_args, ctx) => tour(ctx),
  });
  pi.registerCommand('probe', { description: 'Run UI calls given as JSON (for tests)', handler: probe });
  pi.registerCommand('bench-roundtrip', {
    description: 'Time n dialogs answered one after another (for bench/e2e)',
    handler: benchRoundTrip,
  });
  pi.registerCommand('fault-huge', {
    description: 'Write one notify or widget of <chars> characters (for fault tests)',
    handler: faultHuge,
  });
  pi.on('model_select', (event, ctx) => {
    if (modelShown) showModel(ctx.ui, event.model);
  });
  pi.on('session_start', async (_event, ctx) => {
    if (process.env.RPC_UI_DEMO_STARTUP !== 'confirm') return;
    const answer = await ctx.ui.confirm('Start-up check', 'Asked while the agent starts.');
    ctx.ui.notify(`UI_STARTUP_RESULT ${JSON.stringify(answer)}`, 'info');
  });
  const one: Record<string, (args: string, ctx: ExtensionCommandContext) => Promise<unknown> | void> = {
    select: (_a, ctx) =>
      ctx.ui.select('Which branch?', ['main', 'develop', 'feature/rpc-ui'], { timeout: 20_000 }),
    confirm: (_a, ctx) =>
      ctx.ui.confirm('Delete build output?', 'This removes dist/ and coverage/.\nIt cannot be undone.'),
    input: (_a, ctx) => ctx.ui.input('Commit message', 'describe the change'),
    editor: (_a, ctx) => ctx.ui.editor('Edit the release notes', '## 0.2.0\n\n- Faster\n- Smaller\n'),
    notify: (_a, ctx) => {
      ctx.ui.notify('Build finished in 4.2 s.', 'info');
      ctx.ui.notify('3 tests were slow.', 'warning');
      ctx.ui.notify('Lint failed: 2 errors.', 'error');
    },
    // Some text by default, so that the bare command shows something; `off` clears.
    status: (a, ctx) =>
      ctx.ui.setStatus('demo', a === 'off' ? undefined : ctx.ui.theme.fg('accent', a || '● demo status')),
    widget: (a, ctx) =>
      ctx.ui.setWidget('demo', a === 'off' ? undefined : (a || 'Demo widget|second line').split('|')),
    title: (a, ctx) => ctx.ui.setTitle(a || 'pi — demo title'),
    'editor-text': (a, ctx) => ctx.ui.setEditorText(a || 'Text set by the demo extension'),
  };
  for (const [name, handler] of Object.entries(one)) {
    pi.registerCommand(`demo-${name}`, {
      description: `Show ${name}`,
      handler: async (args, ctx) => {
        await handler(args, ctx);
      },
    });
  }
}
