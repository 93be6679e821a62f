import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, userEvent } from 'storybook/test';
import {
  type AgentArgs,
  agent,
  expectColoured,
  expectThemeColour,
  expectWraps,
  longLine,
  notify,
  piDark,
  rtlAgentText,
  shown,
  themedStories,
} from './agent-stories.js';
import { darkDescription, luminance, metaParameters, stage, storyParameters } from './story-helpers.js';

const meta = {
  title: 'Agent UI/rpc-notifications',
  component: 'rpc-notifications',
  decorators: [stage],
  parameters: metaParameters(
    22,
    "The agent's notifications, bound to an `ExtensionUIController`: an in-memory agent sends `notify` requests (`args.requests`), newest shown first. In these stories `duration` is `0`, so info and warnings stay until dismissed (by default they leave after 6 s); the element is not `floating`, so it stays in the box.",
  ),
  args: { requests: [] },
  render: ({ requests }) =>
    html`<rpc-notifications max-visible="3" duration="0" .controller=${agent(requests)}></rpc-notifications>`,
} satisfies Meta<AgentArgs>;

export default meta;
type Story = StoryObj<AgentArgs>;

const el = (canvasElement: HTMLElement) => shown(canvasElement, 'rpc-notifications');

/** No notification: nothing shows, but both live regions already exist for the first message. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const { screen, part } = await el(canvasElement);
    await expect(screen.queryByRole('listitem')).toBeNull();
    await expect(part('[part="stack"]')).not.toBeVisible();
    await expect(screen.getByRole('status')).toBeInTheDocument();
    await expect(screen.getByRole('alert')).toBeInTheDocument();
  },
};

/** Info, warning and error together: each with its icon, accent colour and a visible text prefix. */
export const Severities: Story = {
  name: 'Info, warning and error',
  args: {
    requests: [
      notify('Build finished in 12 s.'),
      notify('3 files are not saved yet.', 'warning'),
      notify('The dev server stopped (ECONNREFUSED 127.0.0.1:5173).', 'error'),
    ],
  },
  play: async ({ canvasElement }) => {
    const { screen, all } = await el(canvasElement);
    // Newest first, so the error is on top; colour is never the only cue.
    await expect(all('[part="prefix"]').map((prefix) => prefix.textContent)).toEqual([
      'Error:',
      'Warning:',
      'Info:',
    ]);
    await expect(screen.getByText('Error:')).toBeVisible();
    const accents = all('[part~="notification"]').map((n) => getComputedStyle(n).borderInlineStartColor);
    await expect(new Set(accents).size).toBe(3);
    await expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3);
  },
};

/** Five notifications with `max-visible="3"`: three shown, "+2 more" expands the list. */
export const Many: Story = {
  args: {
    requests: [
      notify('Extension "git-helper" loaded.'),
      notify('Extension "release-helper" loaded.'),
      notify('Model changed to sonnet-4.'),
      notify('Context is 80 % full.', 'warning'),
      notify('Session saved.'),
    ],
  },
  play: async ({ canvasElement }) => {
    const { screen, all } = await el(canvasElement);
    await expect(all('[part~="notification"]')).toHaveLength(3);
    const more = screen.getByRole('button', { name: '+2 more' });
    await expect(more).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.getByText('Session saved.')).toBeVisible();
    await expect(screen.queryByText('Extension "git-helper" loaded.')).toBeNull();
    await userEvent.click(more);
    const after = await el(canvasElement);
    await expect(after.all('[part~="notification"]')).toHaveLength(5);
    await expect(after.screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** A long message with a long path wraps inside its card; the line break it carries is kept. */
export const LongText: Story = {
  args: { requests: [notify(`${longLine}\nSecond line of the message.`, 'warning')] },
  play: async ({ canvasElement }) => {
    const { part } = await el(canvasElement);
    const body = part('[part="body"]');
    await expectWraps(body, 3);
    await expect(part('[part~="notification"]').scrollWidth).toBeLessThanOrEqual(
      part('[part~="notification"]').clientWidth,
    );
    await expect(part('[part="message"]').textContent).toBe(`${longLine}\nSecond line of the message.`);
  },
};

/**
 * Messages coloured by the agent's own theme (`24-bit foreground … 39`, as pi writes them). pi's
 * theme is for dark backgrounds, so the stage is dark.
 */
export const AnsiColours: Story = {
  name: 'ANSI colours',
  args: {
    requests: [
      notify(`Tests ${piDark.success.paint('42 passed')} in ${piDark.accent.paint('3.2 s')}`),
      notify(`Lint: ${piDark.warning.paint('2 warnings')} in src/index.ts`, 'warning'),
    ],
  },
  parameters: storyParameters({ stage: { colorScheme: 'dark' } }),
  play: async ({ canvasElement }) => {
    const notifications = await el(canvasElement);
    await expectColoured(notifications, '42 passed', piDark.success.rgb);
    await expectColoured(notifications, '3.2 s', piDark.accent.rgb);
    await expectColoured(notifications, '2 warnings', piDark.warning.rgb);
    await expect(notifications.part('[part="stack"]').textContent).not.toContain('\u001b');
  },
};

/** Arabic and Hebrew messages in a right-to-left page: the accent edge is on the right. */
export const RightToLeft: Story = {
  args: {
    requests: [
      notify(rtlAgentText.build),
      notify(rtlAgentText.warning, 'warning'),
      notify(rtlAgentText.error, 'error'),
    ],
  },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'he' } }),
  play: async ({ canvasElement }) => {
    const { screen, part } = await el(canvasElement);
    const card = part('[part~="notification"]');
    await expect(getComputedStyle(card).direction).toBe('rtl');
    await expect(getComputedStyle(card).borderRightWidth).toBe('4px');
    await expect(screen.getByText(rtlAgentText.error)).toBeVisible();
    await expect(screen.getByText('Error:')).toBeVisible();
  },
};

const severities = [
  notify('Build finished in 12 s.'),
  notify('3 files are not saved yet.', 'warning'),
  notify('The dev server stopped.', 'error'),
];

/** The dark colour scheme: dark cards with light text. */
export const Dark: Story = {
  args: { requests: severities },
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const style = getComputedStyle((await el(canvasElement)).part('[part~="notification"]'));
    await expect(luminance(style.backgroundColor)).toBeLessThan(0.1);
    await expect(luminance(style.color)).toBeGreaterThan(0.5);
  },
};

const themed = themedStories(severities, 'rpc-notifications', async ({ part }, theme) => {
  const card = getComputedStyle(part('[part~="notification"]'));
  await expectThemeColour('background', card.backgroundColor, theme, '--vscode-editorWidget-background');
  await expectThemeColour('text', card.color, theme, '--vscode-foreground');
  await expectThemeColour('border', card.borderTopColor, theme, '--vscode-widget-border');
});

export const VSCodeDarkModern: Story = themed.VSCodeDarkModern;
export const VSCodeLightModern: Story = themed.VSCodeLightModern;
export const VSCodeHighContrast: Story = themed.VSCodeHighContrast;
