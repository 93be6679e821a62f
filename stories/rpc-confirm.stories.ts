import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { RpcConfirm } from '../src/components/confirm/rpc-confirm.js';
import type { ConfirmRequest } from '../src/protocol/types.js';
import { bold, expectColoured, piDark } from './agent-stories.js';
import { type DialogElementArgs, dialogArgs, dialogRender, dialogStories } from './dialog-stories.js';
import {
  dialogIn,
  expectLines,
  expectPaintedDirection,
  expectRightToLeft,
  expectShown,
  metaParameters,
  responses,
  rtlText,
  stage,
  storiesDescription,
  storyParameters,
} from './story-helpers.js';

type ConfirmArgs = DialogElementArgs<ConfirmRequest>;

function confirmRequest(id: string, fields: Partial<ConfirmRequest> = {}): ConfirmRequest {
  return {
    type: 'extension_ui_request',
    id,
    method: 'confirm',
    title: 'Delete the branch?',
    message: 'The branch "feature/login" will be deleted locally.',
    ...fields,
  };
}

const meta = {
  title: 'Dialogs/rpc-confirm',
  component: 'rpc-confirm',
  decorators: [stage],
  args: dialogArgs(confirmRequest('confirm-idle')),
  render: dialogRender('rpc-confirm'),
  parameters: metaParameters(18, storiesDescription),
} satisfies Meta<ConfirmArgs>;

export default meta;
type Story = StoryObj<ConfirmArgs>;

const confirm = (canvasElement: HTMLElement) => dialogIn<RpcConfirm>(canvasElement, 'rpc-confirm');
const stories = dialogStories({ tag: 'rpc-confirm', request: confirmRequest, timeout: 30_000 });

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await confirm(canvasElement);
    await expectShown(dialog, 'Delete the branch?');
    await expect(dialog.dialog).toHaveAccessibleDescription(
      'The branch "feature/login" will be deleted locally.',
    );
    await expect(dialog.dialog).toHaveAttribute('role', 'alertdialog');
    // Focus starts on the non-destructive choice.
    await expect(dialog.focused()).toBe(dialog.screen.getByRole('button', { name: 'No' }));
  },
};

export const AnswerYes: Story = {
  name: 'Answer: Yes',
  args: { request: confirmRequest('confirm-yes') },
  play: async ({ canvasElement, args }) => {
    const { screen, dialog } = await confirm(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'confirm-yes', confirmed: true },
    ]);
    await expect(dialog.open).toBe(false);
    await expect(within(canvasElement).getByText('Sent:')).toHaveTextContent(
      'Sent: {"type":"extension_ui_response","id":"confirm-yes","confirmed":true}',
    );
  },
};

export const AnswerWithKeyboard: Story = {
  name: 'Answer: keyboard',
  args: { request: confirmRequest('confirm-keyboard') },
  parameters: storyParameters({
    description:
      'Tab and Shift+Tab wrap inside the dialog; Ctrl/Cmd+Enter says yes (Escape cancels: see "Page mode").',
  }),
  play: async ({ canvasElement, args }) => {
    const { screen, focused } = await confirm(canvasElement);
    const no = screen.getByRole('button', { name: 'No' });
    const yes = screen.getByRole('button', { name: 'Yes' });
    // Tab wraps from the last button to the first and back. (Testing Library's tab() doesn't
    // look into shadow roots, so this starts at the edge, where the dialog itself moves focus.)
    yes.focus();
    await userEvent.tab();
    await expect(focused()).toBe(no);
    await userEvent.tab({ shift: true });
    await expect(focused()).toBe(yes);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'confirm-keyboard', confirmed: true },
    ]);
  },
};

export const WithCountdown: Story = { name: 'With countdown (30 s)', ...stories.withCountdown() };

export const Expiring: Story = {
  name: 'Expiring (2.5 s)',
  ...stories.expiring('Run the migration?', {
    whileOpen: async ({ screen }) => expect(screen.getByText('3 s left')).toBeVisible(),
    afterExpiry: async ({ part }) => expect(part('[part="notice"]')).toHaveAttribute('role', 'status'),
  }),
};

export const Queued: Story = { name: 'Queued (1 of 3)', ...stories.queued() };

export const LongTitle: Story = stories.longTitle(22);

export const TitleTallerThanDialog: Story = stories.titleTallerThanDialog(24);

const multiLine =
  'These files will be deleted:\n  dist/\n  coverage/\n\tstorybook-static/\n\nThis cannot be undone.';

export const MultiLineMessage: Story = {
  name: 'Multi-line message',
  args: {
    request: confirmRequest('confirm-multi-line', { title: 'Clean the workspace?', message: multiLine }),
  },
  parameters: storyParameters({ stage: { blockSize: 22 } }),
  play: async ({ canvasElement }) => {
    const { part } = await confirm(canvasElement);
    const message = part('[part="message"]');
    // Kept as written: six lines on screen (the blank one included), indentation intact.
    await expect(message.textContent).toBe(multiLine);
    await expectLines(message, 6);
  },
};

/**
 * Title and message in the agent's own colours and bold (pi's theme, made for dark backgrounds,
 * so the stage is dark), as everywhere in the kit. The name and description are the text.
 */
export const AnsiColours: Story = {
  name: 'ANSI colours',
  args: {
    request: confirmRequest('confirm-colours', {
      title: `${piDark.warning.paint('Force-push')} to main?`,
      message: `This ${bold('rewrites')} the history of ${piDark.accent.paint('origin/main')}.`,
    }),
  },
  parameters: storyParameters({ stage: { colorScheme: 'dark' } }),
  play: async ({ canvasElement }) => {
    const dialog = await confirm(canvasElement);
    await expectShown(dialog, 'Force-push to main?');
    await expect(dialog.dialog).toHaveAccessibleDescription('This rewrites the history of origin/main.');
    await expectColoured(dialog, 'Force-push', piDark.warning.rgb);
    await expectColoured(dialog, 'origin/main', piDark.accent.rgb);
    await expect(getComputedStyle(dialog.screen.getByText('rewrites')).fontWeight).toBe('700');
  },
};

export const UnicodeRightToLeft: Story = {
  name: 'Unicode, right to left',
  args: {
    request: confirmRequest('confirm-rtl', {
      title: rtlText.arabicTitle,
      message: rtlText.mixed,
      timeout: 30_000,
    }),
    strings: { confirm: 'نعم', deny: 'لا', secondsLeft: 'تبقى {seconds} ث' },
  },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const dialog = await confirm(canvasElement);
    await expectShown(dialog, rtlText.arabicTitle);
    await expectRightToLeft(dialog);
    await expect(dialog.part('[part="message"]').textContent).toBe(rtlText.mixed);
    await expect(dialog.screen.getByText('تبقى 30 ث')).toBeVisible();
    const yes = dialog.screen.getByRole('button', { name: 'نعم' });
    const no = dialog.screen.getByRole('button', { name: 'لا' });
    await expect(dialog.focused()).toBe(no);
    // Right to left: "No" comes first, on the right; the primary "Yes" is to its left.
    await expect(yes.getBoundingClientRect().right).toBeLessThanOrEqual(no.getBoundingClientRect().left);
  },
};

export const EnglishInRightToLeftPage: Story = {
  name: 'English agent text in a right-to-left page',
  args: {
    request: confirmRequest('confirm-english-rtl', {
      title: 'Delete the branch "feature/login"?',
      message: 'It has 3 unpushed commits.\nהענף יימחק מהמחשב הזה בלבד.',
    }),
    strings: { confirm: 'نعم', deny: 'لا' },
  },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const dialog = await confirm(canvasElement);
    await expectRightToLeft(dialog);
    // The page is right to left; the agent's English reads left to right, its "?" at the end.
    await expectPaintedDirection(dialog.part('[part="title"]'), 'ltr');
    await expect(dialog.part('[part="message"]').textContent).toBe(
      'It has 3 unpushed commits.\nהענף יימחק מהמחשב הזה בלבד.',
    );
  },
};

export const CutMessage: Story = {
  name: 'A message the agent cut (oh-my-pi)',
  args: {
    request: confirmRequest('confirm-cut', {
      title: 'Apply this patch?',
      message: 'diff --git a/src/app.ts b/src/app.ts\n@@ -1,4 +1,6 @@\n…[524288 chars elided for RPC frame]',
    }),
  },
  parameters: storyParameters({
    description: 'The message without the cut mark, and a line that says how much the agent left out.',
  }),
  play: async ({ canvasElement }) => {
    const dialog = await confirm(canvasElement);
    await expect(dialog.part('[part="message"]').textContent).toBe(
      'diff --git a/src/app.ts b/src/app.ts\n@@ -1,4 +1,6 @@',
    );
    await expect(dialog.dialog).toHaveAccessibleDescription(
      expect.stringContaining('The agent cut this message short: 524,288 characters left out.'),
    );
  },
};

export const Dark: Story = stories.dark();
export const VSCodeDarkModern: Story = stories.vscodeDarkModern();
export const VSCodeLightModern: Story = stories.vscodeLightModern();
export const VSCodeHighContrast: Story = stories.vscodeHighContrast();
export const ReducedMotion: Story = stories.reducedMotion();

export const PageMode: Story = stories.pageMode((screen) => screen.getByRole('button', { name: 'No' }));
