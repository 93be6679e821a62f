/**
 * The browser bench's page, bundled by Vite from the kit's source: one `<rpc-extension-ui>` with a
 * composer, on a memory transport whose peer side stands in for the agent. Every measurement
 * runs here, timed with `performance.now()`; the driver (index.ts) calls the functions on
 * `window.rpcBench` and presses real keys.
 *
 * "Painted" means the main thread finished the next frame: the first task after that frame's
 * `requestAnimationFrame` callbacks, by which time style, layout and paint of the frame are done.
 */
import { elements } from '../../src/components/define.js';
import type { RpcDialogs } from '../../src/components/dialogs/rpc-dialogs.js';
import type { RpcSelect } from '../../src/components/select/rpc-select.js';
import type { RpcDialogElement } from '../../src/components/dialog/dialog-element.js';
import { strayInput } from '../../src/components/dialog/stray-input.js';
import type { DialogAnswer, DialogRequest } from '../../src/protocol/types.js';
import { createMemoryTransport } from '../../src/transport/memory.js';
import { Random } from '../random.js';
import { conversationRemove, conversationShow } from './conversation-page.js';
import { afterFrame, delay, nextTask, postTask, within } from './frames.js';
import type {
  BenchDialogMethod,
  BenchPageApi,
  BenchWindow,
  BurstMode,
  BurstResult,
  CycleResult,
  KeySample,
  KeystrokeSample,
  OpenSample,
} from './protocol.js';

const METHODS: readonly BenchDialogMethod[] = ['confirm', 'select', 'input', 'editor'];

// The page: the one-tag host on a memory transport.

const { transport, peer } = createMemoryTransport();
const host = document.createElement('rpc-extension-ui');
host.setAttribute('editor-target', '#composer');
host.setAttribute('title-target', 'document');
const composer = document.createElement('textarea');
composer.id = 'composer';
composer.setAttribute('aria-label', 'Message');
host.append(composer);
document.body.append(host);
host.transport = transport;
const controller = host.controller;

let onLine: ((at: number) => void) | undefined;
peer.on('line', () => {
  const at = performance.now();
  // The peer keeps every line for tests; the bench only needs the moment.
  peer.received.length = 0;
  onLine?.(at);
});

function dialogsElement(): RpcDialogs {
  const dialogs = host.shadowRoot?.querySelector('rpc-dialogs');
  if (!dialogs) throw new Error('bench page: no rpc-dialogs in rpc-extension-ui');
  return dialogs;
}

function currentDialog(): RpcDialogElement<DialogRequest> | null {
  return (
    dialogsElement().shadowRoot?.querySelector<RpcDialogElement<DialogRequest>>(
      'rpc-select, rpc-confirm, rpc-input, rpc-editor',
    ) ?? null
  );
}

/** Whether `node` is inside an open `<dialog>`, looking out through shadow roots. */
function inOpenDialog(node: Node | null): boolean {
  for (let at = node; at; at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null)) {
    if (at instanceof HTMLDialogElement) return at.open;
  }
  return false;
}

function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

// Renders: every element class's `updated`, counted per element and per frame.

/** Frames begun since counting started; a render counts for the last frame begun before it. */
let frameNo = 0;
let lastRenderFrame = 0;
let countingRenders = false;
const renderLog = new Map<Element, { tag: string; perFrame: Map<number, number> }>();
let onSelectUpdated: (() => void) | undefined;

function onUpdated(element: HTMLElement, tag: string): void {
  if (tag === 'rpc-select') onSelectUpdated?.();
  if (!countingRenders) return;
  let entry = renderLog.get(element);
  if (!entry) renderLog.set(element, (entry = { tag, perFrame: new Map() }));
  entry.perFrame.set(frameNo, (entry.perFrame.get(frameNo) ?? 0) + 1);
  lastRenderFrame = frameNo;
}

for (const [tag, element] of Object.entries(elements)) {
  const prototype = element.prototype as unknown as {
    updated(this: HTMLElement, changed: unknown): void;
  };
  const original = prototype.updated;
  prototype.updated = function updated(this: HTMLElement, changed: unknown): void {
    original.call(this, changed);
    onUpdated(this, tag);
  };
}

// Focus: the last focusin inside an open dialog.

let focusAt = Number.NaN;
let onDialogFocus: (() => void) | undefined;
document.addEventListener(
  'focusin',
  (event) => {
    if (!event.composedPath().some((node) => node instanceof HTMLDialogElement && node.open)) return;
    focusAt = performance.now();
    onDialogFocus?.();
  },
  true,
);

// Keys: a capture listener on window (the first but the kit's own stray-input one, which only
// notes the time). The key row times the answer path alone: each of its presses comes right
// after the last, which the stray-input guard (Enter held back within 500 ms of a dialog shown
// while the user was pressing keys) would hold back. Off once, here.

strayInput.guardMs = 0;

let onKeydown: ((at: number, event: KeyboardEvent) => void) | undefined;
window.addEventListener('keydown', (event) => onKeydown?.(performance.now(), event), true);

// Requests.

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}`;
const lineOf = (value: object) => `${JSON.stringify(value)}\n`;
const SELECT_OPTIONS = ['main', 'develop', 'feature/bench', 'release/1.0', 'hotfix/ansi'];
const EDITOR_PREFILL = 'Summary of the change\n\n- first point\n\t- nested, with a tab';

function dialogLine(method: BenchDialogMethod, id: string): string {
  const base = { type: 'extension_ui_request', id, method };
  switch (method) {
    case 'confirm':
      return lineOf({ ...base, title: 'Run the migration?', message: 'It rewrites 12 files.\nContinue?' });
    case 'select':
      return lineOf({ ...base, title: 'Pick a branch', options: SELECT_OPTIONS });
    case 'input':
      return lineOf({ ...base, title: 'Commit message', placeholder: 'feat: …' });
    case 'editor':
      return lineOf({ ...base, title: 'Edit the summary', prefill: EDITOR_PREFILL });
  }
}

function answerOf(method: BenchDialogMethod): DialogAnswer {
  switch (method) {
    case 'confirm':
      return { confirmed: true };
    case 'select':
      return { value: SELECT_OPTIONS[0] ?? '' };
    case 'input':
      return { value: 'feat: bench' };
    case 'editor':
      return { value: EDITOR_PREFILL };
  }
}

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
const optionLists = new Map<number, string[]>();

/** `count` file-path-like options, deterministic: `bravo/src/delta-0042.ts`. */
function manyOptions(count: number): string[] {
  let options = optionLists.get(count);
  if (!options) {
    const random = new Random(count);
    options = Array.from(
      { length: count },
      (_, index) => `${random.pick(WORDS)}/src/${random.pick(WORDS)}-${String(index).padStart(5, '0')}.ts`,
    );
    optionLists.set(count, options);
  }
  return options;
}

/** Write `line` and time the dialog it opens: until focused inside it, and until the next frame. */
async function openTimed(line: string, method: BenchDialogMethod): Promise<OpenSample> {
  focusAt = Number.NaN;
  const focused = new Promise<void>((resolve) => (onDialogFocus = resolve));
  const start = performance.now();
  peer.write(line);
  try {
    await within(focused, `focus in the ${method} dialog`);
  } finally {
    onDialogFocus = undefined;
  }
  const { doneAt } = await afterFrame();
  if (!inOpenDialog(deepActiveElement())) throw new Error(`bench page: focus left the ${method} dialog`);
  return { method, focusMs: focusAt - start, paintMs: doneAt - start };
}

async function answerAndSettle(id: string, answer: DialogAnswer): Promise<void> {
  if (controller.respond(id, answer) !== 'sent') throw new Error(`bench page: ${id} was not answered`);
  await afterFrame();
  if (currentDialog()) throw new Error(`bench page: a dialog is still shown after ${id}`);
}

/** Wait a random part of a frame, so requests land anywhere between two frames. */
const randomPhase = (random: Random) => delay(random.next() * 16.7);

// Key press → response.

const keySamples: KeySample[] = [];
let keyPending: Promise<void> = Promise.resolve();

async function keyOpen(index: number): Promise<void> {
  await keyPending;
  composer.focus();
  const id = nextId(`key${index}`);
  await openTimed(dialogLine('confirm', id), 'confirm');
  let keydownAt = Number.NaN;
  let keydownStamp = Number.NaN;
  onKeydown = (at, event) => {
    if (Number.isNaN(keydownAt)) [keydownAt, keydownStamp] = [at, event.timeStamp];
  };
  const answered = new Promise<number>((resolve) => (onLine = resolve));
  keyPending = within(answered, 'response to the key press').then(async (at) => {
    onLine = onKeydown = undefined;
    keySamples.push({ responseMs: at - keydownAt, fromEventMs: at - keydownStamp });
    await afterFrame();
  });
}

// rpc-select with many options.

let shownSelect: { readonly id?: string; readonly element?: RpcSelect } | undefined;
let strokeDone: Promise<KeystrokeSample> | undefined;

async function selectShow({ options, bound }: { options: number; bound: boolean }): Promise<void> {
  const list = manyOptions(options);
  if (bound) {
    const id = nextId('sel');
    await openTimed(
      lineOf({ type: 'extension_ui_request', id, method: 'select', title: 'Open a file', options: list }),
      'select',
    );
    shownSelect = { id };
  } else {
    const element = document.createElement('rpc-select');
    element.filter = 'never';
    element.request = {
      type: 'extension_ui_request',
      id: nextId('ta'),
      method: 'select',
      title: 'Open a file',
      options: list,
    };
    document.body.append(element);
    await element.updateComplete;
    await afterFrame();
    if (!inOpenDialog(deepActiveElement())) throw new Error('bench page: the standalone select has no focus');
    shownSelect = { element };
  }
  onKeydown = (at, event) => {
    strokeDone = new Promise<KeystrokeSample>((resolve) => {
      onSelectUpdated = () => {
        onSelectUpdated = undefined;
        const updatedAt = performance.now();
        void afterFrame().then(({ doneAt }) =>
          resolve({ key: event.key, updateMs: updatedAt - at, paintMs: doneAt - at }),
        );
      };
    });
  };
}

async function keystroke(): Promise<KeystrokeSample | undefined> {
  const done = strokeDone;
  strokeDone = undefined;
  if (!done) return undefined;
  try {
    return await within(done, 'select update', 500);
  } catch {
    onSelectUpdated = undefined;
    return undefined;
  }
}

async function selectClose(): Promise<void> {
  onKeydown = onSelectUpdated = undefined;
  const shown = shownSelect;
  shownSelect = undefined;
  if (shown?.id) await answerAndSettle(shown.id, { cancelled: true });
  shown?.element?.remove();
  await afterFrame();
}

// Bursts.

/** `count` fire-and-forget requests: statuses (some with ANSI colours), widgets, notifications, titles, editor text. */
function burstLines(count: number, random: Random): string[] {
  const lines: string[] = [];
  for (let index = 0; index < count; index++) {
    const base = { type: 'extension_ui_request', id: random.uuid() };
    const roll = random.next();
    if (roll < 0.4) {
      const statusKey = `status-${random.int(0, 19)}`;
      const statusText = random.chance(0.05)
        ? undefined
        : random.chance(0.3)
          ? `\u001b[32m✓\u001b[0m build \u001b[1m${index}\u001b[22m`
          : `step ${index} of ${count}`;
      lines.push(lineOf({ ...base, method: 'setStatus', statusKey, statusText }));
    } else if (roll < 0.65) {
      const widgetKey = `widget-${random.int(0, 7)}`;
      const widgetLines = random.chance(0.05)
        ? undefined
        : Array.from({ length: random.int(1, 5) }, (_, line) => `${widgetKey} line ${line}: ${index}`);
      const widgetPlacement = random.chance(0.5) ? 'aboveEditor' : 'belowEditor';
      lines.push(lineOf({ ...base, method: 'setWidget', widgetKey, widgetLines, widgetPlacement }));
    } else if (roll < 0.85) {
      const notifyType = random.pick(['info', 'info', 'warning', 'error']);
      lines.push(lineOf({ ...base, method: 'notify', message: `step ${index} finished`, notifyType }));
    } else if (roll < 0.95) {
      lines.push(lineOf({ ...base, method: 'setTitle', title: `pi: step ${index}` }));
    } else {
      lines.push(lineOf({ ...base, method: 'set_editor_text', text: `draft ${index}` }));
    }
  }
  return lines;
}

async function burst({
  count,
  mode,
  seed,
}: {
  count: number;
  mode: BurstMode;
  seed: number;
}): Promise<BurstResult> {
  const lines = burstLines(count, new Random(seed));
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const frameTimes: number[] = [];
  let looping = true;
  // The frame counter steps in the first rAF callback of each frame: it asks for the next one
  // before anything else can, so a kit callback of the same frame always sees the new number.
  // (Stepping in a task after the frame raced the burst's own tasks on a loaded machine.)
  const loop = () => {
    requestAnimationFrame(() => {
      if (!looping) return;
      loop();
      frameNo++;
      const rafAt = performance.now();
      postTask(() => frameTimes.push(performance.now() - rafAt));
    });
  };
  await afterFrame();
  // Now just after a frame: everything written here shows in the next one.
  renderLog.clear();
  frameNo = lastRenderFrame = 0;
  countingRenders = true;
  loop();
  let writeMs = 0;
  let taskMs = 0;
  if (mode === 'one-task') {
    const start = performance.now();
    for (const line of lines) peer.write(line);
    writeMs = performance.now() - start;
    await nextTask();
    taskMs = performance.now() - start;
  } else {
    await new Promise<void>((resolve) => {
      let index = 0;
      const step = () => {
        const start = performance.now();
        peer.write(lines[index++] ?? '');
        const ms = performance.now() - start;
        writeMs += ms;
        taskMs = Math.max(taskMs, ms);
        if (index < lines.length) postTask(step);
        else resolve();
      };
      step();
    });
  }
  // Quiet: ten frames without a render (at most five seconds of frames).
  while (frameNo - lastRenderFrame < 10 && frameNo < 300) await afterFrame();
  looping = false;
  countingRenders = false;
  for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
  observer.disconnect();
  const maxRendersPerFrame: Record<string, number> = {};
  const renders: Record<string, number> = {};
  for (const { tag, perFrame } of renderLog.values()) {
    const counts = [...perFrame.values()];
    maxRendersPerFrame[tag] = Math.max(maxRendersPerFrame[tag] ?? 0, ...counts);
    renders[tag] = (renders[tag] ?? 0) + counts.reduce((sum, n) => sum + n, 0);
  }
  renderLog.clear();
  return {
    mode,
    requests: lines.length,
    writeMs,
    taskMs,
    longTasks,
    maxRendersPerFrame,
    renders,
    frames: frameNo,
    longestFrameMs: Math.max(0, ...frameTimes),
  };
}

// Memory: dialogs opened and answered through their buttons.

async function cycleDialogs(count: number): Promise<CycleResult> {
  const dialogs = dialogsElement();
  let responses = 0;
  onLine = () => responses++;
  composer.focus();
  const start = performance.now();
  for (let index = 0; index < count; index++) {
    const method = METHODS[index % METHODS.length] ?? 'confirm';
    peer.write(dialogLine(method, nextId('mem')));
    await dialogs.updateComplete;
    const dialog = currentDialog();
    if (!dialog) throw new Error(`bench page: no ${method} dialog shown`);
    await dialog.updateComplete;
    const action = method === 'confirm' ? 'confirm' : 'submit';
    const button = dialog.shadowRoot?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
    if (!button) throw new Error(`bench page: no ${action} button in the ${method} dialog`);
    button.click();
    await dialogs.updateComplete;
    if (index % 100 === 99) await afterFrame();
    else await nextTask();
  }
  const ms = performance.now() - start;
  onLine = undefined;
  await afterFrame();
  if (currentDialog()) throw new Error('bench page: a dialog is still shown after the memory pass');
  return { dialogs: count, responses, ms, controllerListeners: controller.listenerCount };
}

// The API.

const api: BenchPageApi = {
  async info() {
    const times: number[] = [];
    for (let index = 0; index < 11; index++) times.push((await afterFrame()).rafAt);
    const gaps = times
      .slice(1)
      .map((time, index) => time - (times[index] ?? time))
      .sort((a, b) => a - b);
    return {
      crossOriginIsolated: window.crossOriginIsolated,
      frameMs: gaps[Math.floor(gaps.length / 2)] ?? Number.NaN,
      userAgent: navigator.userAgent,
    };
  },

  async openLatency({ count, warmup }) {
    const random = new Random(7);
    const samples: OpenSample[] = [];
    for (let index = 0; index < warmup + count; index++) {
      const method = METHODS[index % METHODS.length] ?? 'confirm';
      const id = nextId('lat');
      composer.focus();
      await randomPhase(random);
      const sample = await openTimed(dialogLine(method, id), method);
      await answerAndSettle(id, answerOf(method));
      if (index >= warmup) samples.push(sample);
    }
    return samples;
  },

  keyOpen,

  async keySamples() {
    await keyPending;
    return keySamples.splice(0);
  },

  async selectOpen({ count, warmup, options }) {
    const random = new Random(11);
    const list = manyOptions(options);
    const samples: OpenSample[] = [];
    for (let index = 0; index < warmup + count; index++) {
      const id = nextId('selopen');
      const line = lineOf({
        type: 'extension_ui_request',
        id,
        method: 'select',
        title: 'Open a file',
        options: list,
      });
      composer.focus();
      await randomPhase(random);
      const sample = await openTimed(line, 'select');
      await answerAndSettle(id, { cancelled: true });
      if (index >= warmup) samples.push(sample);
    }
    return samples;
  },

  selectShow,
  keystroke,
  selectClose,
  cycleDialogs,
  burst,
  conversationShow,
  conversationRemove,
};

(window as unknown as BenchWindow).rpcBench = api;
