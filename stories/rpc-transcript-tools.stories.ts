import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { metaParameters, stage } from './story-helpers.js';
import { toolCallConversation } from './tool-call-conversation.js';

const meta = {
  title: 'Agent UI/rpc-transcript/Tool calls',
  component: 'rpc-transcript',
  decorators: [stage],
  parameters: metaParameters(
    640,
    'Tool calls as cards, each drawn by its kind from the records the agents write: a read with its lines, a command that failed with its exit code and why, a search as a list, an edit as a diff with its line numbers, a write highlighted, a command a permission gate refused, a long output cut to its last lines, and another tool with its arguments and JSON result. Each card says its state in words.',
  ),
  render: () =>
    html`<rpc-transcript style="block-size: 620px" .transcript=${toolCallConversation()}></rpc-transcript>`,
} satisfies Meta;

export default meta;
type Story = StoryObj;

const cards = async (canvasElement: HTMLElement) => {
  const el = canvasElement.querySelector('rpc-transcript');
  await waitFor(() => expect(el?.shadowRoot?.querySelectorAll('li.tool').length).toBe(8));
  return [...(el?.shadowRoot?.querySelectorAll<HTMLElement>('li.tool') ?? [])];
};

/** Each kind of card, collapsed: the state, the tool and what it acts on at a glance. */
export const ToolCalls: Story = {
  play: async ({ canvasElement }) => {
    const [read, failed, , edit, , blocked, long] = await cards(canvasElement);
    const header = (card: HTMLElement | undefined) =>
      card?.querySelector('summary')?.textContent?.replace(/\s+/g, ' ').trim();
    await expect(header(read)).toBe('✓ Done read src/parse.ts lines 1–40');
    await expect(header(failed)).toBe('✕ Failed bash npm test -- parse exit code 1');
    await expect(header(blocked)).toBe('⊘ Blocked bash rm -rf dist');
    // Why, beside the collapsed card.
    const why = blocked?.querySelector('[part="tool-error"]') as HTMLElement;
    await expect(why).toBeVisible();
    await expect(why).toHaveTextContent('Blocked by user');
    // Opened, an edit shows its diff and a long output its last lines.
    await userEvent.click(edit?.querySelector('summary') as HTMLElement);
    await expect(
      within(edit as HTMLElement).getByText('if (token.end || token.blank) flush();'),
    ).toBeVisible();
    await userEvent.click(long?.querySelector('summary') as HTMLElement);
    await expect(
      within(long as HTMLElement).getByRole('button', { name: 'Show all 42 lines' }),
    ).toBeVisible();
  },
};

/** The same cards in the dark scheme. */
export const ToolCallsDark: Story = {
  parameters: { stage: { blockSize: 640 / 16, colorScheme: 'dark' } },
  play: async ({ canvasElement }) => {
    await cards(canvasElement);
  },
};
