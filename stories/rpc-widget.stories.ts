import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect } from 'storybook/test';
import {
  type AgentArgs,
  agent,
  expectColoured,
  expectThemeColour,
  expectWraps,
  longLine,
  piDark,
  rtlAgentText,
  setWidget,
  shown,
  themedStories,
} from './agent-stories.js';
import { darkDescription, luminance, metaParameters, stage, storyParameters } from './story-helpers.js';

const meta = {
  title: 'Agent UI/rpc-widget',
  component: 'rpc-widget',
  decorators: [stage],
  parameters: metaParameters(
    20,
    'Extension widgets, bound to an `ExtensionUIController`: an in-memory agent sends `setWidget` requests (`args.requests`). One `rpc-widget` sits above the composer (`placement="aboveEditor"`) and one below (`placement="belowEditor"`); both share the controller. Lines keep their whitespace and wrap when long.',
  ),
  args: { requests: [] },
  render: ({ requests }) => {
    const controller = agent(requests);
    return html`
      <rpc-widget placement="aboveEditor" .controller=${controller}></rpc-widget>
      <textarea
        aria-label="Message to the agent"
        rows="2"
        style="display: block; box-sizing: border-box; inline-size: 100%; margin-block: 0.5rem; font: inherit"
      ></textarea>
      <rpc-widget placement="belowEditor" .controller=${controller}></rpc-widget>
    `;
  },
} satisfies Meta<AgentArgs>;

export default meta;
type Story = StoryObj<AgentArgs>;

const above = (canvasElement: HTMLElement) => shown(canvasElement, 'rpc-widget[placement="aboveEditor"]');
const below = (canvasElement: HTMLElement) => shown(canvasElement, 'rpc-widget[placement="belowEditor"]');

const plan = [
  'Plan (2 of 4 done)',
  '  ✓ read the issue',
  '  ✓ write the stories',
  '  ● run the tests',
  '  ○ reply',
];
const server = ['dev server\thttp://localhost:5173', 'last reload\t12:04:31'];
const usage = ['tokens  12.4k / 200k', 'cost    $0.42'];

/** No widget: a widget that was set and then cleared (no `widgetLines`) leaves nothing, not even an empty region. */
export const Empty: Story = {
  args: { requests: [setWidget('plan', plan), setWidget('plan', undefined)] },
  play: async ({ canvasElement }) => {
    for (const widget of [await above(canvasElement), await below(canvasElement)]) {
      await expect(widget.screen.queryByRole('region')).toBeNull();
      await expect(widget.el.getBoundingClientRect().height).toBe(0);
    }
  },
};

/** Two widgets above the composer and two below, each a labelled region; whitespace kept. */
export const ManyKeys: Story = {
  args: {
    requests: [
      setWidget('plan', plan),
      setWidget('usage', usage, 'belowEditor'),
      setWidget('server', server),
      setWidget('hint', ['Press Esc to interrupt'], 'belowEditor'),
    ],
  },
  play: async ({ canvasElement }) => {
    const top = await above(canvasElement);
    const bottom = await below(canvasElement);
    await expect(
      top.screen.getByRole('region', { name: 'Extension widgets above the editor' }),
    ).toBeVisible();
    await expect(
      bottom.screen.getByRole('region', { name: 'Extension widgets below the editor' }),
    ).toBeVisible();
    await expect(top.all('[part="widget"]').map((w) => w.dataset.key)).toEqual(['plan', 'server']);
    await expect(bottom.all('[part="widget"]').map((w) => w.dataset.key)).toEqual(['usage', 'hint']);
    // Leading spaces and tabs are kept as sent.
    await expect(top.all('[part="line"]').map((line) => line.textContent)).toEqual([...plan, ...server]);
    await expect(getComputedStyle(top.part('[part="line"]')).whiteSpace).toBe('pre-wrap');
    // Above the composer, then below it.
    const textarea = canvasElement.querySelector('textarea') as HTMLTextAreaElement;
    await expect(top.el.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      textarea.getBoundingClientRect().top,
    );
    await expect(bottom.el.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      textarea.getBoundingClientRect().bottom,
    );
  },
};

/** A long line wraps inside the widget (long paths break anywhere) instead of widening the page. */
export const LongText: Story = {
  args: { requests: [setWidget('index', [longLine, '  short line'])] },
  play: async ({ canvasElement }) => {
    const { el, part, screen } = await above(canvasElement);
    const line = screen.getByText(longLine);
    await expectWraps(line, 2);
    await expect(el.scrollWidth).toBeLessThanOrEqual(el.clientWidth);
    await expect(part('[part="widget"]').scrollWidth).toBeLessThanOrEqual(
      part('[part="widget"]').clientWidth,
    );
  },
};

/**
 * Widget lines coloured by the agent's own theme (pi writes `24-bit foreground … 39` inside the
 * line, whitespace around it kept). pi's theme is for dark backgrounds, so the stage is dark.
 */
export const AnsiColours: Story = {
  name: 'ANSI colours',
  args: {
    requests: [
      setWidget('plan', [
        `${piDark.accent.paint('Plan')} (2 of 4 done)`,
        `  ${piDark.success.paint('✓ read the issue')}`,
        `  ${piDark.success.paint('✓ write the stories')}`,
        `  ${piDark.warning.paint('● run the tests')}`,
        '  ○ reply',
      ]),
      setWidget('lint', [`${piDark.error.paint('✗ 2 lint errors')}\tsrc/index.ts`], 'belowEditor'),
    ],
  },
  parameters: storyParameters({ stage: { colorScheme: 'dark' } }),
  play: async ({ canvasElement }) => {
    const top = await above(canvasElement);
    await expectColoured(top, 'Plan', piDark.accent.rgb);
    await expectColoured(top, '✓ read the issue', piDark.success.rgb);
    await expectColoured(top, '● run the tests', piDark.warning.rgb);
    await expect(top.all('[part="line"]')[1]?.textContent).toBe('  ✓ read the issue');
    // pi's error red (#cc6666) is 4.1:1 on the kit's dark surface (#252526): lightened.
    await expectColoured(await below(canvasElement), '✗ 2 lint errors', 'rgb(209, 126, 126)');
  },
};

/** Arabic and Hebrew lines in a right-to-left page: they start at the right edge. */
export const RightToLeft: Story = {
  args: {
    requests: [
      setWidget('status', [rtlAgentText.branch, rtlAgentText.tests]),
      setWidget('error', [rtlAgentText.error], 'belowEditor'),
    ],
  },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const top = await above(canvasElement);
    const widget = top.part('[part="widget"]');
    await expect(getComputedStyle(widget).direction).toBe('rtl');
    await expect(top.screen.getByText(rtlAgentText.tests)).toBeVisible();
    await expect((await below(canvasElement)).screen.getByText(rtlAgentText.error)).toBeVisible();
  },
};

/** The dark colour scheme: light text on the dark page. */
export const Dark: Story = {
  args: { requests: [setWidget('plan', plan), setWidget('usage', usage, 'belowEditor')] },
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const { part } = await above(canvasElement);
    await expect(luminance(getComputedStyle(part('[part="widget"]')).color)).toBeGreaterThan(0.5);
  },
};

const themed = themedStories(
  [setWidget('plan', plan), setWidget('usage', usage, 'belowEditor')],
  'rpc-widget[placement="aboveEditor"]',
  async ({ part }, theme) => {
    const widget = getComputedStyle(part('[part="widget"]'));
    await expectThemeColour('text', widget.color, theme, '--vscode-foreground');
    await expect(widget.fontFamily).toBe(theme.variables['--vscode-editor-font-family']);
  },
);

export const VSCodeDarkModern: Story = themed.VSCodeDarkModern;
export const VSCodeLightModern: Story = themed.VSCodeLightModern;
export const VSCodeHighContrast: Story = themed.VSCodeHighContrast;
