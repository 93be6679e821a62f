import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect } from 'storybook/test';
import {
  type AgentArgs,
  agent,
  bold,
  expectColoured,
  expectThemeColour,
  longLine,
  piDark,
  rtlAgentText,
  setStatus,
  shown,
  themedStories,
} from './agent-stories.js';
import { darkDescription, luminance, metaParameters, stage, storyParameters } from './story-helpers.js';

const meta = {
  title: 'Agent UI/rpc-status-bar',
  component: 'rpc-status-bar',
  decorators: [stage],
  parameters: metaParameters(
    8,
    "The extensions' status line, bound to an `ExtensionUIController`: an in-memory agent sends `setStatus` requests (`args.requests`) before the bar shows them. Items are sorted by key, each on one line with an ellipsis; a cut item shows its full text on hover and on keyboard focus.",
  ),
  args: { requests: [] },
  render: ({ requests }) => html`<rpc-status-bar .controller=${agent(requests)}></rpc-status-bar>`,
} satisfies Meta<AgentArgs>;

export default meta;
type Story = StoryObj<AgentArgs>;

/** No status: a status that was set and then cleared (no `statusText`) leaves nothing, not even an empty region. */
export const Empty: Story = {
  args: { requests: [setStatus('git', 'main'), setStatus('git')] },
  play: async ({ canvasElement }) => {
    const { screen, part } = await shown(canvasElement, 'rpc-status-bar');
    await expect(screen.queryByRole('region')).toBeNull();
    await expect(part('[part="bar"]')).not.toBeVisible();
  },
};

const manyKeys = {
  watch: 'watching 12 files',
  model: 'sonnet-4',
  tokens: '12.4k / 200k',
  branch: 'main ↑2',
  lint: '0 problems',
  cost: '$0.42',
  tests: '42 passed',
  agent: 'idle',
  mcp: '3 servers',
} as const;

/** Nine keys sent in no order: shown sorted by key, on one line (what doesn't fit scrolls). */
export const ManyKeys: Story = {
  args: { requests: Object.entries(manyKeys).map(([key, text]) => setStatus(key, text)) },
  play: async ({ canvasElement }) => {
    const { screen, all } = await shown(canvasElement, 'rpc-status-bar');
    await expect(screen.getByRole('region', { name: 'Extension status' })).toBeVisible();
    const items = all('[part="item"]');
    const sorted = Object.keys(manyKeys).sort();
    await expect(items.map((item) => item.dataset.key)).toEqual(sorted);
    await expect(items.map((item) => item.textContent?.trim())).toEqual(
      sorted.map((key) => manyKeys[key as keyof typeof manyKeys]),
    );
    // Left to right in that order, all on one line.
    const boxes = items.map((item) => item.getBoundingClientRect());
    for (let i = 1; i < boxes.length; i++) {
      await expect(boxes[i]?.left).toBeGreaterThan(boxes[i - 1]?.left ?? 0);
      await expect(boxes[i]?.top).toBe(boxes[0]?.top);
    }
  },
};

/**
 * The same statuses in a 20rem sidebar: each keeps its text (none squeezed to a letter); the bar
 * scrolls, without a scrollbar, to the item that has focus.
 */
export const NarrowSidebar: Story = {
  name: 'Narrow sidebar',
  args: ManyKeys.args,
  parameters: storyParameters({ stage: { inlineSize: 20 } }),
  play: async ({ canvasElement }) => {
    const { all, part } = await shown(canvasElement, 'rpc-status-bar');
    const items = all('[part="item"]');
    for (const item of items) {
      const text = item.querySelector<HTMLElement>('[part="text"]');
      if (text && text.textContent && text.textContent.length < 20)
        await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth);
    }
    const bar = part('[part="bar"]');
    await expect(bar.scrollWidth).toBeGreaterThan(bar.clientWidth);
    const last = items.at(-1);
    last?.focus();
    const shownBox = bar.getBoundingClientRect();
    await expect(last?.getBoundingClientRect().right).toBeLessThanOrEqual(shownBox.right + 0.5);
  },
};

/** A long status is cut with an ellipsis; focusing it (Tab) shows its full text in a tooltip. */
export const LongText: Story = {
  args: { requests: [setStatus('git', 'main'), setStatus('index', longLine)] },
  play: async ({ canvasElement }) => {
    const { root, part } = await shown(canvasElement, 'rpc-status-bar');
    const item = part('[data-key="index"]');
    const text = part('[data-key="index"] [part="text"]');
    await expect(getComputedStyle(text).textOverflow).toBe('ellipsis');
    await expect(text.scrollWidth).toBeGreaterThan(text.clientWidth);
    const tooltip = part('[part="tooltip"]');
    await expect(tooltip.matches(':popover-open')).toBe(false);
    // user-event's Tab doesn't walk into shadow roots: focus the item as Tab would.
    item.focus();
    await expect(root.activeElement).toBe(item);
    await shown(canvasElement, 'rpc-status-bar');
    await expect(tooltip.matches(':popover-open')).toBe(true);
    await expect(tooltip).toBeVisible();
    await expect(tooltip.textContent).toBe(longLine);
  },
};

/** Three statuses in pi's dark-theme colours (`accent text ✓`, …), as pi writes them. */
const colouredStatuses = (['accent', 'success', 'warning'] as const).map((colour) =>
  setStatus(colour, piDark[colour].paint(`${colour} text ✓`)),
);

/**
 * Statuses coloured by the agent's own theme, as pi writes them when an extension colours its
 * status (`24-bit foreground … 39`). pi's theme is for dark backgrounds, so the stage is dark.
 */
export const AnsiColours: Story = {
  name: 'ANSI colours',
  args: { requests: [...colouredStatuses, setStatus('plain', `${bold('bold')} and plain`)] },
  parameters: storyParameters({ stage: { colorScheme: 'dark' } }),
  play: async ({ canvasElement }) => {
    const bar = await shown(canvasElement, 'rpc-status-bar');
    await expectColoured(bar, 'accent text ✓', piDark.accent.rgb);
    await expectColoured(bar, 'success text ✓', piDark.success.rgb);
    await expectColoured(bar, 'warning text ✓', piDark.warning.rgb);
    await expect(getComputedStyle(bar.screen.getByText('bold')).fontWeight).toBe('700');
    // No escape character reaches the page.
    await expect(bar.part('[part="list"]').textContent).not.toContain('\u001b');
  },
};

/**
 * The same dark-theme colours in the light scheme: each is darkened just enough for 4.5:1 (pi's
 * warning yellow would be 1.1:1 on white), its hue kept; axe checks the contrast.
 */
export const AnsiColoursLightScheme: Story = {
  name: 'ANSI colours, light scheme',
  args: { requests: [...colouredStatuses, setStatus('error', piDark.error.paint('error text ✓'))] },
  parameters: storyParameters({ stage: { colorScheme: 'light' } }),
  play: async ({ canvasElement }) => {
    const bar = await shown(canvasElement, 'rpc-status-bar');
    for (const [text, { rgb }] of [
      ['accent text ✓', piDark.accent],
      ['warning text ✓', piDark.warning],
    ] as const)
      await expect(getComputedStyle(bar.screen.getByText(text)).color).not.toBe(rgb);
  },
};

/** Arabic and Hebrew statuses in a right-to-left page: the first key is the rightmost item. */
export const RightToLeft: Story = {
  args: {
    requests: [
      setStatus('a-branch', rtlAgentText.branch),
      setStatus('b-tests', rtlAgentText.tests),
      setStatus('c-model', rtlAgentText.model),
    ],
  },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const { screen, all, part } = await shown(canvasElement, 'rpc-status-bar');
    await expect(getComputedStyle(part('[part="bar"]')).direction).toBe('rtl');
    await expect(screen.getByText(rtlAgentText.branch)).toBeVisible();
    const [first, second] = all('[part="item"]').map((item) => item.getBoundingClientRect());
    await expect(first?.right).toBeGreaterThan(second?.right ?? Number.POSITIVE_INFINITY);
  },
};

/** The dark colour scheme: a dark bar with light text. */
export const Dark: Story = {
  args: { requests: Object.entries(manyKeys).map(([key, text]) => setStatus(key, text)) },
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const { part } = await shown(canvasElement, 'rpc-status-bar');
    const style = getComputedStyle(part('[part="bar"]'));
    await expect(luminance(style.backgroundColor)).toBeLessThan(0.1);
    await expect(luminance(style.color)).toBeGreaterThan(0.3);
  },
};

const themed = themedStories(
  Object.entries(manyKeys).map(([key, text]) => setStatus(key, text)),
  'rpc-status-bar',
  async ({ part }, theme) => {
    const style = getComputedStyle(part('[part="bar"]'));
    await expectThemeColour('background', style.backgroundColor, theme, '--vscode-editorWidget-background');
    await expectThemeColour('text', style.color, theme, '--vscode-descriptionForeground');
  },
);

export const VSCodeDarkModern: Story = themed.VSCodeDarkModern;
export const VSCodeLightModern: Story = themed.VSCodeLightModern;
export const VSCodeHighContrast: Story = themed.VSCodeHighContrast;
