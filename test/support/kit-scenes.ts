/**
 * The kit's elements with representative content, as the stories show them, for the tests that
 * measure every control of every element (focus rings, text spacing, target size): each dialog
 * type shown page-modal by rpc-extension-ui, the drop-in host with its conversation, sign-in
 * cards, widgets, status bar, notifications and an offer of the agent's text, an agent that
 * exited, a conversation with no model, the sessions and model panels. Each scene sits between a "before" and an "after"
 * button on a page that paints the system's colours (`Canvas`), as a host page would.
 */
import { fixture, html } from '@open-wc/testing';
import '../../src/components/define.js';
import type { RpcExtensionUI } from '../../src/components/extension-ui/rpc-extension-ui.js';
import type { RpcModel } from '../../src/components/model/rpc-model.js';
import type { RpcSessions } from '../../src/components/sessions/rpc-sessions.js';
import type { RpcTranscript } from '../../src/components/transcript/rpc-transcript.js';
import { ExtensionUIController } from '../../src/controller/controller.js';
import { createMemoryTransport, type MemoryPeer } from '../../src/transport/memory.js';
import { refuseBridgeQuestion } from './agent-peer.js';

/** A scene on the page: its wrapper, and its page-modal dialog if it shows one. */
export interface Scene {
  readonly name: string;
  /** The scene's box on the page: "before", the kit's elements, "after". */
  readonly wrapper: HTMLElement;
  /** The page-modal dialog the scene shows (Tab stays inside it). */
  readonly dialog?: HTMLDialogElement;
  /** The "before" button: Tab from it walks the scene. */
  readonly before: HTMLButtonElement;
  /** The "after" button: where Tab leaves the scene. */
  readonly after: HTMLButtonElement;
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
let serial = 0;
const request = (method: string, fields: Record<string, unknown> = {}) => ({
  type: 'extension_ui_request',
  id: `scene-${++serial}`,
  method,
  ...fields,
});

/** Every element under `root`, in shadow roots too. */
export function deepElements(root: Element | ShadowRoot): Element[] {
  const found: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    found.push(element);
    if (element.shadowRoot) found.push(...deepElements(element.shadowRoot));
  }
  return found;
}

/** Every shadow root under `root`. */
export function shadowRoots(root: Element | ShadowRoot): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  if (root instanceof Element && root.shadowRoot) roots.push(root.shadowRoot);
  for (const element of deepElements(root)) if (element.shadowRoot) roots.push(element.shadowRoot);
  return roots;
}

/**
 * Wait until every kit element in `root` has rendered and its entrance animations have ended (a
 * colour read while a dialog fades in is not the one it shows); endless ones (a pulse) run on.
 */
export async function settled(root: Element): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await frame();
    for (const element of [root, ...deepElements(root)]) {
      const updating = element as Element & { updateComplete?: Promise<unknown> };
      if (updating.updateComplete) await updating.updateComplete;
    }
  }
  const animations = shadowRoots(root).flatMap((shadow) => shadow.getAnimations());
  await Promise.all(
    animations
      .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
      .map((animation) => animation.finished),
  );
}

/** The page's frame of a scene: "before", the content, "after", on the system's colours. */
async function frameScene(content: unknown) {
  const wrapper = await fixture<HTMLDivElement>(html`
    <div style="color-scheme: light dark; background: Canvas; color: CanvasText; padding: 16px">
      <button id="before">before</button>
      ${content}
      <button id="after">after</button>
    </div>
  `);
  const button = (id: string) => wrapper.querySelector<HTMLButtonElement>(`#${id}`) as HTMLButtonElement;
  return { wrapper, before: button('before'), after: button('after') };
}

/** rpc-extension-ui on a memory transport (page-modal), with a composer and a conversation. */
async function dropIn(options: { providers?: string } = {}) {
  const { transport, peer } = createMemoryTransport();
  const { wrapper, before, after } = await frameScene(html`
    <rpc-extension-ui
      .transport=${transport}
      editor-target="#message"
      login-providers=${options.providers ?? ''}
      notification-duration="0"
    >
      <rpc-transcript slot="conversation" style="block-size: 240px"></rpc-transcript>
      <textarea id="message" aria-label="Message"></textarea>
    </rpc-extension-ui>
  `);
  const el = wrapper.querySelector('rpc-extension-ui') as RpcExtensionUI;
  await settled(el);
  return { wrapper, before, after, el, peer };
}

/** The page-modal dialog of a drop-in host, once shown. */
function openDialogOf(el: RpcExtensionUI): HTMLDialogElement | undefined {
  const shown = el.shadowRoot
    ?.querySelector('[part="dialogs"]')
    ?.shadowRoot?.querySelector('rpc-confirm, rpc-select, rpc-input, rpc-editor');
  const dialog = shown?.shadowRoot?.querySelector('dialog');
  return dialog?.open ? dialog : undefined;
}

const options = [
  'claude-sonnet-4-5 (anthropic)',
  'gpt-5-codex (openai-codex)',
  'gemini-2.5-pro (google)',
  'grok-4 (xai)',
  'qwen3-coder (openrouter)',
];
const message = 'The agent wants to run:\n  npm install --save-dev typescript\nin the project folder.';
const prefill =
  'Fix the failing test in src/parse.ts:\n\n- read the error\n- change the parser\n- run the tests';

// Lines of atomic's and oh-my-pi's sign-ins (test/fixtures, stories/rpc-login.stories.ts).
const anthropicAuth = {
  method: 'oauth_auth',
  provider: 'anthropic',
  loginId: 'anthropic',
  info: {
    url: 'https://claude.ai/oauth/authorize?code=true&client_id=9d1c250a-e61b-44d9-88ed-5944d1962f5e&response_type=code',
    instructions:
      'Complete login in your browser. If the browser is on another machine, paste the final redirect URL here.',
  },
};
const deviceCode = {
  method: 'oauth_device_code',
  provider: 'github-copilot',
  loginId: 'github-copilot',
  info: {
    userCode: 'F4B2-91CD',
    verificationUri: 'https://github.com/login/device',
    intervalSeconds: 5,
    expiresInSeconds: 900,
  },
};
const openrouterInfo = {
  method: 'oauth_info',
  provider: 'openrouter',
  loginId: 'openrouter',
  message: 'If the page does not open, sign in from the OpenRouter dashboard.',
  links: [
    { url: 'https://openrouter.ai/settings/keys', label: 'OpenRouter dashboard' },
    { url: 'https://openrouter.ai/docs' },
  ],
};

/** The dialogs, each shown page-modal by a drop-in host. */
const DIALOG_SCENES: Readonly<Record<string, (peer: MemoryPeer) => void>> = {
  select: (peer) => peer.writeMessage(request('select', { title: 'Choose a model', options })),
  // oh-my-pi's optionDetails: a description under some labels.
  'select with descriptions': (peer) =>
    peer.writeMessage(
      request('select', {
        title: 'Choose a thinking level',
        options: ['off', 'low', 'medium', 'high'],
        optionDetails: [
          { description: 'Answer at once' },
          {},
          { description: 'Think a little before answering' },
          { description: 'Think at length: slower, and more tokens' },
        ],
      }),
    ),
  'select with a filter': (peer) =>
    peer.writeMessage(
      request('select', {
        title: 'Pick a file',
        options: Array.from({ length: 30 }, (_, i) => `src/module-${i + 1}.ts`),
      }),
    ),
  'confirm, queued, with a time limit': (peer) => {
    peer.writeMessage(request('confirm', { title: 'Allow this command?', message, timeout: 60_000 }));
    peer.writeMessage(request('confirm', { title: 'And this one?', message: 'rm -rf dist' }));
  },
  // A title and a message taller than the dialog has room for: each scrolls, and takes Tab.
  'confirm with more than fits': (peer) =>
    peer.writeMessage(
      request('confirm', {
        title: Array.from({ length: 20 }, (_, i) => `Allow step ${i + 1} of the plan?`).join('\n'),
        message: Array.from({ length: 60 }, (_, i) => `line ${i + 1} of the plan`).join('\n'),
      }),
    ),
  input: (peer) =>
    peer.writeMessage(request('input', { title: 'Name the branch', placeholder: 'feature/…' })),
  'input of a sign-in code, with its page': (peer) => {
    peer.writeMessage(request(anthropicAuth.method, anthropicAuth));
    peer.writeMessage(request('oauth_manual_code', { provider: 'anthropic', loginId: 'anthropic' }));
  },
  editor: (peer) => peer.writeMessage(request('editor', { title: 'Edit the commit message', prefill })),
};

/** The names of the dialog scenes. */
export const dialogSceneNames = Object.keys(DIALOG_SCENES);

/** A dialog scene: the drop-in host with that dialog open, page-modal. */
export async function dialogScene(name: string): Promise<Scene> {
  const show = DIALOG_SCENES[name];
  if (!show) throw new Error(`No dialog scene "${name}".`);
  const { wrapper, before, after, el, peer } = await dropIn();
  before.focus();
  show(peer);
  let dialog: HTMLDialogElement | undefined;
  for (let frames = 0; frames < 120 && !dialog; frames++) {
    await frame();
    dialog = openDialogOf(el);
  }
  if (!dialog) throw new Error(`The ${name} dialog did not show.`);
  await settled(el);
  return { name, wrapper, dialog, before, after };
}

/** The pi 1.6.0 conversation (its get_messages answer after three turns on the stand-in model). */
async function piMessages(): Promise<unknown[]> {
  const text = await (await fetch('/test/fixtures/pi-1.6.0/stand-in-turns.jsonl')).text();
  for (const line of text.split('\n').filter(Boolean)) {
    const record = JSON.parse(JSON.parse(line).raw as string) as {
      id?: string;
      data?: { messages?: unknown[] };
    };
    if (record.id === 't-messages-after' && record.data?.messages) return record.data.messages;
  }
  throw new Error('No get_messages answer was recorded.');
}

/** Answer the conversation's last `get_messages` with `messages`, as an agent reached directly. */
function answerMessages(peer: MemoryPeer, messages: readonly unknown[]): void {
  const asked = refuseBridgeQuestion(peer);
  peer.writeMessage({
    type: 'response',
    id: asked?.id,
    command: 'get_messages',
    success: true,
    data: { messages },
  });
}

/**
 * The drop-in host at work: a conversation long enough to have earlier messages, with a tool
 * call; sign-in cards (a page, a device code, links) and the form that starts one; widgets, a
 * status bar, a notification of each kind, and the agent's text offered beside a draft.
 */
export async function hostScene(): Promise<Scene> {
  const { wrapper, before, after, el, peer } = await dropIn({ providers: 'anthropic,openai-codex' });
  const filler = Array.from({ length: 110 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: i % 2 ? `Answer ${i}.` : `Question ${i}?`,
    ...(i % 2 ? { stopReason: 'stop' } : {}),
  }));
  answerMessages(peer, [...filler, ...(await piMessages())]);
  for (const line of [anthropicAuth, deviceCode, openrouterInfo])
    peer.writeMessage(request(line.method, line));
  peer.writeMessage(
    request('setWidget', { widgetKey: 'todo', widgetLines: ['☐ read the failing test', '☑ run it'] }),
  );
  peer.writeMessage(request('setStatus', { statusKey: 'git', statusText: 'main ↑2' }));
  peer.writeMessage(request('setStatus', { statusKey: 'model', statusText: 'claude-sonnet-4-5' }));
  peer.writeMessage(request('setStatus', { statusKey: 'cost', statusText: '$0.042 (12.3k tokens)' }));
  // One more than the stack shows: a "+1 more" button.
  for (const notifyType of ['info', 'info', 'warning', 'error'])
    peer.writeMessage(request('notify', { message: `A notification (${notifyType}).`, notifyType }));
  // The agent's text while the user has a draft: offered, the draft kept.
  const composer = el.querySelector('textarea') as HTMLTextAreaElement;
  composer.focus();
  composer.value = 'my half-written prompt';
  peer.writeMessage(request('set_editor_text', { text: '/test --all' }));
  composer.blur();
  await settled(el);
  return { name: 'the drop-in host', wrapper, before, after };
}

/** The agent exited: what it said on stderr, behind a disclosure, and a button to start it again. */
export async function exitScene(): Promise<Scene> {
  const { wrapper, before, after, el, peer } = await dropIn();
  peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', session: 's1', running: true });
  peer.writeMessage({
    type: 'rpc_ui_agent_exit',
    code: 1,
    signal: null,
    stderr: ['Error: no API key for anthropic', '    at main (cli.js:12:3)'],
  });
  await settled(el);
  return { name: 'an agent that exited', wrapper, before, after };
}

/** A conversation whose agent has no model: what to do, and the host's help linked. */
export async function noModelScene(): Promise<Scene> {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const { wrapper, before, after } = await frameScene(html`
    <rpc-transcript style="block-size: 240px" .controller=${controller} model-help-href="docs/models.md"></rpc-transcript>
  `);
  const el = wrapper.querySelector('rpc-transcript') as RpcTranscript;
  const asked = peer.received
    .map((line) => JSON.parse(line) as { type?: string; id?: string })
    .find((line) => line.type === 'get_available_models');
  peer.writeMessage({
    type: 'response',
    id: asked?.id,
    command: 'get_available_models',
    success: true,
    data: { models: [] },
  });
  await settled(el);
  return { name: 'a conversation with no model', wrapper, before, after };
}

/** The last message of `type` the element sent through `peer`. */
function lastSent(peer: MemoryPeer, type: string): { type?: string; id?: string } | undefined {
  return peer.received
    .map((line) => JSON.parse(line) as { type?: string; id?: string })
    .findLast((line) => line.type === type);
}

/** The sessions panel with a list (the current one marked), as the bridge answers it. */
async function sessionsPanel() {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const { wrapper, before, after } = await frameScene(
    html`<rpc-sessions .controller=${controller}></rpc-sessions>`,
  );
  const el = wrapper.querySelector('rpc-sessions') as RpcSessions;
  await settled(el);
  peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', session: 's1', running: true });
  const minutes = (count: number) => Date.now() - count * 60_000;
  peer.writeMessage({
    type: 'rpc_ui_sessions',
    id: lastSent(peer, 'rpc_ui_list_sessions')?.id,
    current: 'b',
    sessions: [
      {
        id: 'a',
        firstPrompt: 'Why does the upload test fail one time in ten?',
        modified: minutes(3),
        messages: 14,
      },
      {
        id: 'b',
        name: 'Release 2.1 notes',
        firstPrompt: 'Write the notes',
        modified: minutes(90),
        messages: 6,
      },
      { id: 'c', firstPrompt: 'Bump the dependencies', modified: minutes(60 * 24 * 9), messages: 1 },
    ],
  });
  await settled(el);
  const button = (part: string) => el.shadowRoot?.querySelector<HTMLButtonElement>(`[part="${part}"]`);
  return { wrapper, before, after, el, peer, button };
}

/** The sessions panel: its buttons and its list box. */
export async function sessionsScene(): Promise<Scene> {
  const { wrapper, before, after } = await sessionsPanel();
  return { name: 'the sessions panel', wrapper, before, after };
}

/** A dialog of the sessions panel, open: the name field, or the prompts to fork from. */
async function sessionDialogScene(which: 'rename' | 'fork'): Promise<Scene> {
  const { wrapper, before, after, el, peer, button } = await sessionsPanel();
  button(`${which}-button`)?.click();
  if (which === 'fork') {
    await settled(el);
    peer.writeMessage({
      type: 'response',
      id: lastSent(peer, 'get_fork_messages')?.id,
      command: 'get_fork_messages',
      success: true,
      data: {
        messages: [
          { entryId: 'e1', text: 'Write the notes' },
          { entryId: 'e2', text: 'Shorter, please' },
        ],
      },
    });
  }
  await settled(el);
  const dialog = el.shadowRoot?.querySelector<HTMLDialogElement>(`#${which}`);
  if (!dialog?.open) throw new Error(`The ${which} dialog did not show.`);
  return { name: `the sessions' ${which} dialog`, wrapper, dialog, before, after };
}

/** The model panel: its list box of models (the current one marked) and the thinking levels. */
export async function modelScene(): Promise<Scene> {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const { wrapper, before, after } = await frameScene(
    html`<rpc-model .controller=${controller}></rpc-model>`,
  );
  const el = wrapper.querySelector('rpc-model') as RpcModel;
  await settled(el);
  const answer = (command: string, data: unknown) =>
    peer.writeMessage({ type: 'response', id: lastSent(peer, command)?.id, command, success: true, data });
  const sonnet = {
    provider: 'anthropic',
    id: 'sonnet',
    name: 'Claude Sonnet',
    reasoning: true,
    contextWindow: 200_000,
  };
  answer('get_available_models', {
    models: [
      sonnet,
      { provider: 'openai', id: 'gpt-5', name: 'GPT-5', reasoning: true, contextWindow: 400_000 },
    ],
  });
  answer('get_state', { model: sonnet, thinkingLevel: 'medium' });
  await settled(el);
  answer('get_available_thinking_levels', { levels: ['off', 'low', 'medium', 'high'] });
  await settled(el);
  return { name: 'the model panel', wrapper, before, after };
}

/** Every scene's name and how to show it. */
export const SCENES: readonly (readonly [string, () => Promise<Scene>])[] = [
  ...dialogSceneNames.map((name) => [name, () => dialogScene(name)] as const),
  ['the drop-in host', hostScene],
  ['an agent that exited', exitScene],
  ['a conversation with no model', noModelScene],
  ['the sessions panel', sessionsScene],
  ["the sessions' rename dialog", () => sessionDialogScene('rename')],
  ["the sessions' fork dialog", () => sessionDialogScene('fork')],
  ['the model panel', modelScene],
];

/** What a person can focus in the kit: its controls, and what takes Tab (a scrolling log). */
const FOCUSABLE =
  'button, input, textarea, select, a[href], summary, [tabindex]:not([tabindex="-1"]), [role="option"]';

/**
 * The kit's controls in `scene` that are shown and can be used (in its shadow roots, not the
 * host's; inside the dialog when one is open, the rest of the page being inert then): the Tab
 * stops, and the options of a list (reached with the arrow keys).
 */
export function controls(scene: Scene): HTMLElement[] {
  const within = scene.dialog ?? scene.wrapper;
  return deepElements(within).filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      element.matches(FOCUSABLE) &&
      element.getRootNode() instanceof ShadowRoot &&
      !element.matches(':disabled') &&
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility === 'visible' &&
      !element.closest('[inert]') &&
      // What a closed disclosure holds keeps its boxes in some engines, but nothing reaches it.
      !element.closest('details:not([open]) > :not(summary)'),
  );
}

/** The element focus is on, inside shadow roots. */
export function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** A short name of `element` for messages: its tag, id or part, and the start of its text. */
export function nameOf(element: Element): string {
  const part = element.getAttribute('part');
  const label = element.id
    ? `#${element.id}`
    : part
      ? `[part="${part}"]`
      : element.className
        ? `.${element.className}`
        : '';
  const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return `${element.localName}${label}${text ? ` "${text.slice(0, 30)}"` : ''}`;
}
