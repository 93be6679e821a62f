import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { RpcExtensionUI } from '../src/components/extension-ui/rpc-extension-ui.js';
import { MemoryTransport } from '../src/transport/memory.js';
import type { TransportEvents } from '../src/transport/transport.js';
import atomicLogin from '../test/fixtures/atomic-6031a92/oauth-providers.jsonl?raw';
import ompAbort from '../test/fixtures/omp-18.2.3/abort.jsonl?raw';
import piConcurrent from '../test/fixtures/pi-0.73.1/concurrent.jsonl?raw';
import piMain from '../test/fixtures/pi-0.73.1/main.jsonl?raw';
import piShutdown from '../test/fixtures/pi-0.73.1/shutdown-stdin.jsonl?raw';
import piRun from '../test/fixtures/pi-1.6.0/run.jsonl?raw';
import { shown } from './agent-stories.js';
import {
  darkDescription,
  dialogIn,
  expectQueued,
  expectShown,
  luminance,
  metaParameters,
  stage,
  storyParameters,
} from './story-helpers.js';

/** One line of a transcript in test/fixtures/: when, which way, and the exact text. */
interface TranscriptRecord {
  readonly t_ms: number;
  readonly dir: 'from_agent' | 'to_agent';
  readonly raw: string;
}

const records = (transcript: string): TranscriptRecord[] =>
  transcript
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TranscriptRecord);

/** A line's `type` and `method`, when it is a JSON object (agents also write plain text). */
function kind(raw: string): {
  type?: unknown;
  method?: unknown;
  statusText?: unknown;
  widgetLines?: unknown;
} {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/** The page's answers (commands such as `prompt` or `login_provider` change nothing on screen). */
const ANSWERS = new Set(['extension_ui_response', 'cancel_login_provider', 'abort']);

/**
 * What the agent wrote (`from_agent`, verbatim) before the page first answered: what the page
 * shows until the user does something.
 */
function beforeAnswer(transcript: string): string[] {
  const lines: string[] = [];
  for (const { dir, raw } of records(transcript)) {
    if (dir === 'to_agent' && ANSWERS.has(kind(raw).type as string)) break;
    if (dir === 'from_agent') lines.push(raw);
  }
  return lines;
}

/** Everything the agent wrote (`from_agent`, verbatim), in order. */
const fromAgent = (transcript: string): string[] =>
  records(transcript)
    .filter((record) => record.dir === 'from_agent')
    .map((record) => record.raw);

/** `lines` up to and with the first one that `end` matches. */
function through(lines: readonly string[], end: (line: ReturnType<typeof kind>) => boolean): string[] {
  const index = lines.findIndex((line) => end(kind(line)));
  return index < 0 ? [...lines] : lines.slice(0, index + 1);
}

/** `lines` before the first one that `end` matches. */
function before(lines: readonly string[], end: (line: ReturnType<typeof kind>) => boolean): string[] {
  const index = lines.findIndex((line) => end(kind(line)));
  return index < 0 ? [...lines] : lines.slice(0, index);
}

/** The rpc-ui bridge's own lines: its hello to a tab that connects, and the agent's exit. */
const hello = JSON.stringify({
  type: 'rpc_ui_hello',
  agent: 'pi',
  session: 's1',
  running: true,
  dialogs: [],
  statuses: [],
  widgets: [],
});
const exit = JSON.stringify({
  type: 'rpc_ui_agent_exit',
  code: 1,
  signal: null,
  // Written for the story (no transcript of the bridge records an agent that fails).
  stderr: [
    'Error: ENOENT: no such file or directory, open "agent/settings.json"',
    '    at async readSettings (file:///usr/lib/node_modules/pi/dist/settings.js:41:18)',
    'pi exited before its first prompt.',
  ],
});

/**
 * The in-memory agent of these stories: once the element listens (it attaches its transport
 * when it connects, after the story renders), `replay` writes the agent's lines through the peer,
 * byte for byte as the agent wrote them.
 */
class ReplayTransport extends MemoryTransport {
  #replay: (() => void) | undefined;

  constructor(replay: (transport: ReplayTransport) => void) {
    super();
    this.#replay = () => replay(this);
  }

  override on<K extends keyof TransportEvents>(
    type: K,
    listener: (event: TransportEvents[K]) => void,
  ): () => void {
    const stop = super.on(type, listener);
    const replay = this.#replay;
    if (type === 'message' && replay) {
      this.#replay = undefined;
      // After the element's attach is done, as a real agent's lines come after the connection.
      queueMicrotask(replay);
    }
    return stop;
  }

  /** The connection drops: the element waits for it to come back (a WebSocket would retry). */
  drop(): void {
    this.setState('reconnecting');
  }
}

interface HostArgs {
  /** The agent's lines, as it wrote them (real transcripts from test/fixtures/). */
  lines: readonly string[];
  /** What becomes of the connection after them (default: it stays open). */
  connection?: 'open' | 'reconnecting' | 'closed';
  /** The `login-providers` attribute: the providers the login form offers. */
  loginProviders?: readonly string[];
  /** A provider whose login the page starts before the agent's lines, as its form would. */
  login?: string;
}

/** The host once it has shown what the agent sent (queries in its shadow root). */
async function host(canvasElement: HTMLElement) {
  const found = await shown(canvasElement, 'rpc-extension-ui');
  return { ...found, el: found.el as RpcExtensionUI };
}

/** One of the host's parts once it has shown what the agent sent (queries in its shadow root). */
async function inHost(canvasElement: HTMLElement, selector: string) {
  const { root } = await host(canvasElement);
  return shown(root as unknown as HTMLElement, selector);
}

/** The dialog `tag` the host's `rpc-dialogs` shows, once open. */
async function hostDialog(canvasElement: HTMLElement, tag: string) {
  const { root } = await host(canvasElement);
  const dialogs = root.querySelector('rpc-dialogs')?.shadowRoot;
  await waitFor(() => expect(dialogs?.querySelector(tag)).toBeTruthy());
  return dialogIn(dialogs as unknown as HTMLElement, tag);
}

const meta = {
  title: 'Agent UI/rpc-extension-ui',
  component: 'rpc-extension-ui',
  decorators: [stage],
  parameters: metaParameters(
    28,
    "The drop-in host: one element that renders the agent's whole extension UI around the page's composer (here a labelled textarea and a Send button in its default slot), with a connection pill. Each story replays the lines a real agent wrote (the transcripts in `test/fixtures/`, verbatim) through an in-memory transport set as its `transport`. The host is `contained`, so its dialogs and notifications stay in the dashed box, and `notification-duration` is `0`, so notifications stay until dismissed.",
  ),
  args: { lines: [] },
  render: ({ lines, connection = 'open', loginProviders = [], login }) => {
    const element = createRef<RpcExtensionUI>();
    const transport = new ReplayTransport((agent) => {
      if (login) element.value?.controller.logins.start(login);
      for (const line of lines) agent.peer.write(`${line}\n`);
      if (connection === 'reconnecting') agent.drop();
      if (connection === 'closed') agent.close();
    });
    return html`
      <rpc-extension-ui
        ${ref(element)}
        contained
        notification-duration="0"
        login-providers=${loginProviders.join(',')}
        style="block-size: 100%"
        .transport=${transport}
      >
        <form style="display: flex; gap: 0.5rem; align-items: end" @submit=${(e: Event) => e.preventDefault()}>
          <textarea
            aria-label="Message"
            rows="2"
            placeholder="Ask the agent…"
            style="flex: 1; box-sizing: border-box; min-inline-size: 0; font: inherit"
          ></textarea>
          <button type="submit">Send</button>
        </form>
      </rpc-extension-ui>
    `;
  },
} satisfies Meta<HostArgs>;

export default meta;
type Story = StoryObj<HostArgs>;

/** The pill says `label`, the `connection` attribute says `state`. */
async function expectConnection(canvasElement: HTMLElement, label: string, state: string): Promise<void> {
  const { el, part } = await host(canvasElement);
  const pill = part('[part="connection"]');
  await waitFor(() => expect(pill).toHaveTextContent(label));
  await expect(pill).toBeVisible();
  await expect(pill).toHaveAttribute('role', 'status');
  await expect(el).toHaveAttribute('connection', state);
}

/**
 * pi 1.6.0 ran a turn against a stub model (test/fixtures/pi-1.6.0/run.jsonl, before its first
 * extension UI request): its events pass through to the page untouched, and nothing is asked. The host shows
 * the composer and "Connected", no more.
 */
export const Idle: Story = {
  args: { lines: before(fromAgent(piRun), (line) => line.type === 'extension_ui_request') },
  play: async ({ canvasElement }) => {
    await expectConnection(canvasElement, 'Connected', 'connected');
    const { el, part } = await host(canvasElement);
    const page = within(canvasElement);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(el.controller.dialogs).toEqual([]);
    await expect(el.shadowRoot?.querySelector('[part="exit"]')).toBeNull();
    const notifications = await inHost(canvasElement, 'rpc-notifications');
    await expect(notifications.screen.queryByRole('listitem')).toBeNull();
    const status = await inHost(canvasElement, 'rpc-status-bar');
    await expect(status.screen.queryByRole('region')).toBeNull();
    await expect(part('[part="composer"]')).toBeVisible();
  },
};

/**
 * pi 0.73.1 asks three questions at once (test/fixtures/pi-0.73.1/concurrent.jsonl, before any
 * answer): the oldest, the select, shows first with "1 of 3"; answering it brings the next.
 */
export const DialogQueue: Story = {
  name: 'A queue of dialogs',
  args: { lines: beforeAnswer(piConcurrent) },
  play: async ({ canvasElement }) => {
    const select = await hostDialog(canvasElement, 'rpc-select');
    await expectShown(select, 'concurrent: select');
    await expectQueued(select);
    await expect(select.screen.getByRole('listbox', { name: 'concurrent: select' })).toBeVisible();
    await expect(select.screen.getByRole('option', { name: 'one' })).toBeVisible();
    const { el } = await host(canvasElement);
    await expect(el.controller.dialogs.map((d) => d.request.title)).toEqual([
      'concurrent: select',
      'concurrent: input',
      'concurrent: confirm',
    ]);
    await expect(el).toHaveAttribute('connection', 'connected');
  },
};

/** The lines of pi 0.73.1's probe that set a status or a widget (none of those that clear one). */
const statusAndWidgets = fromAgent(piMain).filter((raw) => {
  const line = kind(raw);
  return (
    (line.method === 'setStatus' && line.statusText !== undefined) ||
    (line.method === 'setWidget' && line.widgetLines !== undefined)
  );
});

/**
 * What pi 0.73.1's probe sets (test/fixtures/pi-0.73.1/main.jsonl: the lines that set a status
 * or a widget, verbatim; the lines that clear them again right after are left out): its status
 * in the status bar, its widgets above and below the composer (one without a placement goes above).
 */
export const StatusesAndWidgets: Story = {
  name: 'Statuses and widgets',
  args: { lines: statusAndWidgets },
  play: async ({ canvasElement }) => {
    const status = await inHost(canvasElement, 'rpc-status-bar');
    await expect(status.screen.getByRole('region', { name: 'Extension status' })).toBeVisible();
    await expect(status.all('[part="item"]').map((item) => item.textContent?.trim())).toEqual(['probing… ✓']);
    const above = await inHost(canvasElement, '[part="widgets-above"]');
    const aboveRegion = above.screen.getByRole('region', { name: 'Extension widgets above the editor' });
    await expect(aboveRegion).toHaveTextContent('--- ui-probe above ---');
    await expect(aboveRegion).toHaveTextContent('line 2 ✓');
    await expect(aboveRegion).toHaveTextContent('no placement option');
    const below = await inHost(canvasElement, '[part="widgets-below"]');
    const belowRegion = below.screen.getByRole('region', { name: 'Extension widgets below the editor' });
    await expect(belowRegion).toHaveTextContent('--- ui-probe below ---');
    await expect(belowRegion).not.toHaveTextContent('above');
    // Above the composer, below it, then the status bar, top to bottom.
    const composer = within(canvasElement).getByRole('textbox', { name: 'Message' }).getBoundingClientRect();
    await expect(aboveRegion.getBoundingClientRect().bottom).toBeLessThanOrEqual(composer.top);
    await expect(belowRegion.getBoundingClientRect().top).toBeGreaterThanOrEqual(composer.bottom);
    await expect(status.el.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      belowRegion.getBoundingClientRect().bottom,
    );
  },
};

/** The first lines of pi 0.73.1's probe (test/fixtures/pi-0.73.1/main.jsonl): its four notifications. */
const piNotifications = before(fromAgent(piMain), (line) => line.method === 'setStatus');

/**
 * pi 0.73.1's info, warning and error notifications and one without a type (shown as info),
 * newest first: three shown, "+1 more" for the oldest.
 */
export const Notifications: Story = {
  args: { lines: piNotifications },
  play: async ({ canvasElement }) => {
    const { screen, all } = await inHost(canvasElement, 'rpc-notifications');
    await expect(all('[part="prefix"]').map((prefix) => prefix.textContent)).toEqual([
      'Info:',
      'Error:',
      'Warning:',
    ]);
    await expect(screen.getByText('ui-probe: notification without a type')).toBeVisible();
    await expect(screen.getByText('ui-probe: error notification')).toBeVisible();
    await expect(screen.getByText('ui-probe: warning notification')).toBeVisible();
    await expect(screen.getByRole('button', { name: '+1 more' })).toBeVisible();
    await expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3);
  },
};

/**
 * The connection dropped after pi 0.73.1 set its status and widgets: the pill says
 * "Reconnecting…" and what the agent showed stays (a reconnecting transport keeps it).
 */
export const Reconnecting: Story = {
  name: 'Offline: reconnecting',
  args: { lines: statusAndWidgets, connection: 'reconnecting' },
  play: async ({ canvasElement }) => {
    await expectConnection(canvasElement, 'Reconnecting…', 'reconnecting');
    const status = await inHost(canvasElement, 'rpc-status-bar');
    await expect(status.screen.getByText('probing… ✓')).toBeVisible();
    const above = await inHost(canvasElement, '[part="widgets-above"]');
    await expect(above.screen.getByText('--- ui-probe above ---')).toBeVisible();
  },
};

/** The transport closed for good: the pill says "Disconnected". */
export const Disconnected: Story = {
  name: 'Offline: disconnected',
  args: { lines: statusAndWidgets, connection: 'closed' },
  play: async ({ canvasElement }) => {
    await expectConnection(canvasElement, 'Disconnected', 'closed');
    const { part } = await host(canvasElement);
    await expect(part('[part="connection"]').dataset.state).toBe('closed');
  },
};

/**
 * The rpc-ui bridge said hello, pi 0.73.1 asked a question and was then stopped
 * (test/fixtures/pi-0.73.1/shutdown-stdin.jsonl), and the bridge reported its exit
 * (`rpc_ui_agent_exit`, code 1): its question is closed, the exit is shown with its last stderr
 * lines in a disclosure and a button that asks the bridge to start the agent again.
 */
export const AgentExited: Story = {
  name: 'Agent exited',
  args: { lines: [hello, ...fromAgent(piShutdown), exit] },
  play: async ({ canvasElement }) => {
    await expectConnection(canvasElement, 'Agent exited', 'agent-exited');
    const { el, part, screen } = await host(canvasElement);
    await expect(part('[part="exit-message"]')).toHaveTextContent('Agent exited (code 1)');
    await expect(el.controller.dialogs).toEqual([]);
    const details = part<HTMLDetailsElement>('[part="exit-details"]');
    await expect(details.open).toBe(false);
    await userEvent.click(screen.getByText('Last error output (3 lines)'));
    await expect(details.open).toBe(true);
    await expect(part('[part="stderr"]')).toHaveTextContent('ENOENT: no such file or directory');
    await expect(part('[part="stderr"]')).toBeVisible();
    const restart = screen.getByRole('button', { name: 'Start the agent again' });
    await expect(restart).toBeVisible();
    const transport = el.transport as ReplayTransport;
    await userEvent.click(restart);
    // (Connected, the page asked the agent for its models first.)
    const sent = transport.peer.received.map((line) => JSON.parse(line) as { type?: string });
    await expect(sent.map((line) => line.type)).toEqual(['get_available_models', 'rpc_ui_restart_agent']);
  },
};

/**
 * oh-my-pi 18.2.3 says it is ready, asks a select and withdraws it (test/fixtures/omp-18.2.3/
 * abort.jsonl, through its first `cancel`): the dialog closes and a note says the agent
 * withdrew it.
 */
export const OhMyPiWithdrawn: Story = {
  name: 'oh-my-pi: a withdrawn dialog',
  args: { lines: through(fromAgent(ompAbort), (line) => line.method === 'cancel') },
  play: async ({ canvasElement }) => {
    const { el } = await host(canvasElement);
    await expect(el.controller.agent?.name).toBe('omp');
    const { screen } = await inHost(canvasElement, 'rpc-notifications');
    // The agent's title is isolated (U+2068 … U+2069), as every quoted agent text in the kit's words.
    const note = screen.getByText(/^The agent withdrew “\u2068abort: select\u2069”/);
    await expect(note).toBeVisible();
    await expect(note).toHaveTextContent('it no longer waits for an answer.');
    await expect(el.controller.dialogs).toEqual([]);
  },
};

/**
 * atomic's login to anthropic, started from the login form, which lists the providers atomic
 * names (its `get_available_models`), as it runs (test/fixtures/atomic-6031a92/oauth-providers.jsonl,
 * before the page answers): the sign-in page to open, and its manual-code question, both naming
 * the provider as atomic does.
 */
export const AtomicLogin: Story = {
  name: 'atomic: a login',
  args: {
    lines: beforeAnswer(atomicLogin),
    login: 'anthropic',
  },
  parameters: storyParameters({ stage: { blockSize: 34 } }),
  play: async ({ canvasElement }) => {
    const input = await hostDialog(canvasElement, 'rpc-input');
    await expect(input.dialog.open).toBe(true);
    await expect(input.screen.getByText('Log in to Anthropic')).toBeVisible();
    const login = await inHost(canvasElement, 'rpc-login');
    const link = login.screen.getByRole('link', { name: 'Open the sign-in page (claude.ai)' });
    await expect(link.getAttribute('href')).toMatch(/^https:\/\/claude\.ai\/oauth\/authorize\?/);
  },
};

/** The dark colour scheme: pi's notifications, status and widgets, light text on dark surfaces. */
export const Dark: Story = {
  args: { lines: [...piNotifications, ...statusAndWidgets] },
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const notifications = await inHost(canvasElement, 'rpc-notifications');
    const card = getComputedStyle(notifications.part('[part~="notification"]'));
    await expect(luminance(card.backgroundColor)).toBeLessThan(0.1);
    await expect(luminance(card.color)).toBeGreaterThan(0.5);
    const { part } = await host(canvasElement);
    await expect(luminance(getComputedStyle(part('[part="connection"]')).color)).toBeGreaterThan(0.5);
  },
};
