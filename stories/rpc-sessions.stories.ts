import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, userEvent, waitFor } from 'storybook/test';
import { BridgeClient } from '../src/controller/bridge-client.js';
import { ExtensionUIController } from '../src/controller/controller.js';
import type { ForkPoint, SessionSummary } from '../src/protocol/sessions.js';
import { createMemoryTransport, type MemoryPeer } from '../src/transport/memory.js';
import { shown } from './agent-stories.js';
import { darkDescription, luminance, metaParameters, stage, storyParameters } from './story-helpers.js';

interface SessionsArgs {
  /** The bridge greets the page (without it, there is nothing to list). */
  bridge: boolean;
  /** The sessions the bridge lists, newest first; none: it has not answered yet. */
  sessions?: readonly SessionSummary[];
  /** The id of the one the agent is on. */
  current?: string;
  /** What the bridge answers a command: done, or refused with this error. */
  refuse?: string;
  /** The prompts the agent lists for a fork. */
  forkPoints?: readonly ForkPoint[];
}

const ago = (minutes: number) => Date.now() - minutes * 60_000;

// The shapes the rpc-ui bridge sends (src/protocol/sessions.ts), with texts as people write them.
const project: readonly SessionSummary[] = [
  { id: 'a1', firstPrompt: 'Why does the upload test fail one time in ten?', modified: ago(1), messages: 14 },
  {
    id: 'b2',
    name: 'Release 2.1 notes',
    firstPrompt: 'Write the notes for 2.1',
    modified: ago(75),
    messages: 6,
  },
  {
    id: 'c3',
    firstPrompt:
      'Refactor the session store so that every reader goes through one function, then run the whole suite and tell me what broke',
    modified: ago(60 * 26),
    messages: 42,
  },
  { id: 'd4', firstPrompt: 'Bump the dependencies', modified: ago(60 * 24 * 12), messages: 1 },
];

const forkPoints: readonly ForkPoint[] = [
  { entryId: 'e1', text: 'Why does the upload test fail one time in ten?' },
  { entryId: 'e2', text: 'Run it a hundred times with the seed printed' },
  { entryId: 'e3', text: 'Now fix the race you found' },
];

/**
 * The bridge's side, in memory: it greets the page, lists `sessions` to each question, answers
 * each command (done, or `refuse`), and the agent lists `forkPoints`.
 */
function bridge(args: SessionsArgs): ExtensionUIController {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  peer.on('line', (line) => answer(peer, args, JSON.parse(line) as { type: string; id?: string }));
  // As rpc-extension-ui does on a page: the bridge's hello names the agent process, and the
  // sessions panel, bound after it, knows a bridge is there.
  new BridgeClient(controller);
  if (args.bridge) peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true, session: 'story' });
  return controller;
}

function answer(peer: MemoryPeer, args: SessionsArgs, message: { type: string; id?: string }): void {
  const { id } = message;
  // Answered after the question is out, as a bridge would.
  queueMicrotask(() => {
    if (message.type === 'rpc_ui_list_sessions' && args.sessions)
      peer.writeMessage({ type: 'rpc_ui_sessions', id, current: args.current, sessions: args.sessions });
    else if (message.type === 'get_fork_messages')
      peer.writeMessage({
        type: 'response',
        id,
        command: 'get_fork_messages',
        success: true,
        data: { messages: args.forkPoints ?? [] },
      });
    else if (message.type.startsWith('rpc_ui_') && message.type.endsWith('_session'))
      peer.writeMessage({
        type: 'rpc_ui_session_done',
        id,
        ok: !args.refuse,
        ...(args.refuse ? { error: args.refuse } : {}),
      });
  });
}

const meta = {
  title: 'Console/rpc-sessions',
  component: 'rpc-sessions',
  decorators: [stage],
  parameters: metaParameters(
    30,
    "The agent's sessions of this project through the rpc-ui bridge, bound to an `ExtensionUIController`: newest first, the current one marked, opened by id (never a path); New session, Rename and Fork from a prompt. The bridge here is in memory.",
  ),
  args: { bridge: true, sessions: project, current: 'b2', forkPoints },
  render: (args) => html`<rpc-sessions .controller=${bridge(args)}></rpc-sessions>`,
} satisfies Meta<SessionsArgs>;

export default meta;
type Story = StoryObj<SessionsArgs>;

const sessions = (canvasElement: HTMLElement) => shown(canvasElement, 'rpc-sessions');

/** Four sessions, the second current; the arrows move, Enter opens, and the panel says so. */
export const Listed: Story = {
  play: async ({ canvasElement }) => {
    const { screen, root } = await sessions(canvasElement);
    const list = await waitFor(() =>
      screen.getByRole('listbox', { name: 'Sessions of this project, newest first' }),
    );
    const current = screen.getByRole('option', { name: /Release 2\.1 notes/ });
    await expect(current).toHaveAttribute('aria-current', 'true');
    await expect(current).toHaveTextContent('Current');
    await expect(list.querySelectorAll('[role="option"]')).toHaveLength(4);
    current.focus();
    await userEvent.keyboard('{ArrowDown}');
    const next = screen.getByRole('option', { name: /Refactor the session store/ });
    await waitFor(() => expect(root.activeElement).toBe(next));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^Opened “Refactor the session store/),
    );
  },
};

/** Name the current session: a modal dialog, prefilled, focus back on Rename once it closes. */
export const Rename: Story = {
  play: async ({ canvasElement }) => {
    const { screen, part, root } = await sessions(canvasElement);
    await waitFor(() => screen.getByRole('listbox'));
    const rename = screen.getByRole('button', { name: 'Rename' });
    await userEvent.click(rename);
    const field = await waitFor(() => screen.getByRole('textbox', { name: 'Name' }));
    await waitFor(() => expect(root.activeElement).toBe(field));
    await expect(field).toHaveValue('Release 2.1 notes');
    // Its text is selected: what is typed takes its place.
    await userEvent.keyboard('Notes for 2.1{Enter}');
    await waitFor(() => expect(part<HTMLDialogElement>('#rename').open).toBe(false));
    await waitFor(() => expect(root.activeElement).toBe(rename));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Named the session “Notes for 2.1”.'),
    );
  },
};

/** Fork from a prompt: the agent's prompts of this session, the last one active. */
export const Fork: Story = {
  play: async ({ canvasElement }) => {
    const { screen } = await sessions(canvasElement);
    await waitFor(() => screen.getByRole('listbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Fork…' }));
    const prompts = await waitFor(() => screen.getByRole('listbox', { name: 'Prompts of this session' }));
    await waitFor(() =>
      expect(prompts.querySelector('[aria-selected="true"]')).toHaveTextContent('Now fix the race'),
    );
  },
};

/** The bridge refused: why, in its words, in an alert. */
export const Refused: Story = {
  args: { refuse: 'The agent is working: open another session when this turn ends.' },
  play: async ({ canvasElement }) => {
    const { screen } = await sessions(canvasElement);
    await waitFor(() => screen.getByRole('listbox'));
    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Could not start a new session: The agent is working: open another session when this turn ends.',
      ),
    );
  },
};

/** A project with no saved session yet. */
export const Empty: Story = {
  args: { sessions: [], current: undefined },
  play: async ({ canvasElement }) => {
    const { screen } = await sessions(canvasElement);
    await waitFor(() => expect(screen.getByText(/No saved session yet/)).toBeVisible());
    await expect(screen.getByRole('button', { name: 'Rename' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** A page talking to the agent without the bridge: sessions need it, and nothing is sent. */
export const WithoutBridge: Story = {
  args: { bridge: false },
  play: async ({ canvasElement }) => {
    const { screen } = await sessions(canvasElement);
    await expect(screen.getByText(/connected through the rpc-ui bridge/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'New session' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** The dark colour scheme. */
export const Dark: Story = {
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const { screen } = await sessions(canvasElement);
    const list = await waitFor(() => screen.getByRole('listbox'));
    await expect(luminance(getComputedStyle(list).color)).toBeGreaterThan(0.5);
    await expect(luminance(getComputedStyle(list).backgroundColor)).toBeLessThan(0.1);
  },
};

/** A right-to-left page in Arabic: the list starts on the right, the current edge on the right too. */
export const RightToLeft: Story = {
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const { screen } = await sessions(canvasElement);
    const list = await waitFor(() => screen.getByRole('listbox'));
    await expect(getComputedStyle(list).direction).toBe('rtl');
  },
};
