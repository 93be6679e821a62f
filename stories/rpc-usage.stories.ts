import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, userEvent, waitFor } from 'storybook/test';
import { ExtensionUIController } from '../src/controller/controller.js';
import { createMemoryTransport } from '../src/transport/memory.js';
import { shown } from './agent-stories.js';
import { darkDescription, metaParameters, stage, storyParameters } from './story-helpers.js';

interface UsageArgs {
  /** The `data` the agent answers `get_session_stats` with (its shape on all four agents). */
  stats?: Record<string, unknown>;
  /** The agent's error for `compact`; without it, the compaction succeeds. */
  refuseCompact?: string;
}

const working = {
  tokens: { input: 182_400, output: 9_310, cacheRead: 151_000, cacheWrite: 12_800, total: 355_510 },
  cost: 0.8734,
  contextUsage: { tokens: 94_000, contextWindow: 200_000, percent: 47 },
};

const nearLimit = {
  ...working,
  contextUsage: { tokens: 176_000, contextWindow: 200_000, percent: 88 },
};

/**
 * An agent in memory that answers the element's questions with `stats`, and `compact` as pi does:
 * the context then is not known until the next reply.
 */
function agent({ stats, refuseCompact }: UsageArgs): ExtensionUIController {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  let current = stats;
  peer.on('line', (line) => {
    const { type, id } = JSON.parse(line) as { type: string; id?: string };
    const reply = (answer: Record<string, unknown>) =>
      queueMicrotask(() => peer.writeMessage({ type: 'response', id, command: type, ...answer }));
    if (type === 'get_session_stats' && current) reply({ success: true, data: current });
    if (type !== 'compact') return;
    if (refuseCompact) return reply({ success: false, error: refuseCompact });
    current = { ...working, contextUsage: { tokens: null, contextWindow: 200_000, percent: null } };
    reply({ success: true, data: { summary: 'Earlier: the flaky upload test.', tokensBefore: 176_000 } });
  });
  return controller;
}

const meta = {
  title: 'Console/rpc-usage',
  component: 'rpc-usage',
  decorators: [stage],
  parameters: metaParameters(
    8,
    "What the session has used, as the agent counts it (`get_session_stats`): tokens in and out, the cache, the cost and the context's fill. Asked after each turn and each compaction.",
  ),
  args: { stats: working },
  render: (args) => html`<rpc-usage .controller=${agent(args)}></rpc-usage>`,
} satisfies Meta<UsageArgs>;

export default meta;
type Story = StoryObj<UsageArgs>;

const usage = (canvasElement: HTMLElement) => shown(canvasElement, 'rpc-usage');

/** A session at work: its figures and the context half full. */
export const Working: Story = {
  play: async ({ canvasElement }) => {
    const { screen, part } = await usage(canvasElement);
    await waitFor(() => expect(screen.getByText('$0.873')).toBeVisible());
    await expect(screen.getByText('182.4K')).toBeVisible();
    await expect(part<HTMLMeterElement>('meter').value).toBe(47);
  },
};

/** Right after a compaction: the context's fill is not known until the next reply. */
export const AfterCompaction: Story = {
  args: { stats: { ...working, contextUsage: { tokens: null, contextWindow: 200_000, percent: null } } },
  play: async ({ canvasElement }) => {
    const { screen } = await usage(canvasElement);
    await waitFor(() => expect(screen.getByText(/Known after the next reply/)).toBeVisible());
  },
};

/** Near the limit: compaction is offered, and asked for. */
export const NearLimit: Story = {
  args: { stats: nearLimit },
  play: async ({ canvasElement }) => {
    const { screen } = await usage(canvasElement);
    const compact = await waitFor(() => screen.getByRole('button', { name: 'Compact now' }));
    await userEvent.click(compact);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The session was compacted.'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Compact now' })).toBeNull());
  },
};

/** The agent refuses to compact: its words, in an alert. */
export const CompactRefused: Story = {
  args: { stats: nearLimit, refuseCompact: 'Nothing to compact (session too small)' },
  play: async ({ canvasElement }) => {
    const { screen } = await usage(canvasElement);
    await userEvent.click(await waitFor(() => screen.getByRole('button', { name: 'Compact now' })));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The session was not compacted: Nothing to compact (session too small)',
      ),
    );
  },
};

/** Before the agent answers. */
export const Waiting: Story = {
  args: { stats: undefined },
  play: async ({ canvasElement }) => {
    const { screen } = await usage(canvasElement);
    await expect(screen.getByText('Asking the agent…')).toBeVisible();
  },
};

/** The dark colour scheme. */
export const Dark: Story = {
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const { screen } = await usage(canvasElement);
    await waitFor(() => expect(screen.getByText('$0.873')).toBeVisible());
  },
};

/** A right-to-left page in Arabic. */
export const RightToLeft: Story = {
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const { part } = await usage(canvasElement);
    await waitFor(() => expect(getComputedStyle(part('[part="base"]')).direction).toBe('rtl'));
  },
};
