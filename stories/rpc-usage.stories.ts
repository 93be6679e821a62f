import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor } from 'storybook/test';
import { ExtensionUIController } from '../src/controller/controller.js';
import { createMemoryTransport } from '../src/transport/memory.js';
import { shown } from './agent-stories.js';
import { darkDescription, metaParameters, stage, storyParameters } from './story-helpers.js';

interface UsageArgs {
  /** The `data` the agent answers `get_session_stats` with (its shape on all four agents). */
  stats?: Record<string, unknown>;
}

const working = {
  tokens: { input: 182_400, output: 9_310, cacheRead: 151_000, cacheWrite: 12_800, total: 355_510 },
  cost: 0.8734,
  contextUsage: { tokens: 94_000, contextWindow: 200_000, percent: 47 },
};

/** An agent in memory that answers the element's questions with `stats`. */
function agent({ stats }: UsageArgs): ExtensionUIController {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  peer.on('line', (line) => {
    const { type, id } = JSON.parse(line) as { type: string; id?: string };
    if (type === 'get_session_stats' && stats)
      queueMicrotask(() =>
        peer.writeMessage({ type: 'response', id, command: type, success: true, data: stats }),
      );
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
