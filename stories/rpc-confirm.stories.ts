import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { RpcConfirm } from '../src/components/confirm/rpc-confirm.js';
import type { RpcExpireEvent } from '../src/components/events/expire-event.js';
import type { RpcResponseEvent } from '../src/components/events/response-event.js';
import type { RpcStrings } from '../src/components/shared/strings.js';
import type { ConfirmRequest } from '../src/protocol/types.js';
import {
  darkDescription,
  dialogIn,
  expectCountdown,
  expectDark,
  expectLines,
  expectQueued,
  expectRightToLeft,
  expectShown,
  expectWrappedTitle,
  logResponse,
  metaParameters,
  longTitle,
  pageModeStory,
  responseLog,
  responses,
  rtlText,
  stage,
  storiesDescription,
  sharedStories,
  storyParameters,
} from './story-helpers.js';

interface ConfirmArgs {
  request: ConfirmRequest;
  contained: boolean;
  position: number;
  total: number;
  strings: Partial<RpcStrings>;
  onRpcResponse: (event: RpcResponseEvent) => void;
  onRpcExpire: (event: RpcExpireEvent) => void;
}

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
  args: {
    request: confirmRequest('confirm-idle'),
    contained: true,
    position: 0,
    total: 0,
    strings: {},
    onRpcResponse: fn(),
    onRpcExpire: fn(),
  },
  render: (args) => html`<rpc-confirm
      .request=${args.request}
      ?contained=${args.contained}
      .position=${args.position}
      .total=${args.total}
      .strings=${args.strings}
      @rpc-response=${logResponse(args.onRpcResponse)}
      @rpc-expire=${args.onRpcExpire}
    ></rpc-confirm>
    ${responseLog}`,
  parameters: metaParameters(18, storiesDescription),
} satisfies Meta<ConfirmArgs>;

export default meta;
type Story = StoryObj<ConfirmArgs>;

const confirm = (canvasElement: HTMLElement) => dialogIn<RpcConfirm>(canvasElement, 'rpc-confirm');

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

export const WithCountdown: Story = {
  name: 'With countdown (30 s)',
  args: { request: confirmRequest('confirm-countdown', { timeout: 30_000 }) },
  play: async ({ canvasElement }) => {
    await expectCountdown(await confirm(canvasElement), 30);
  },
};

export const Expiring: Story = {
  name: 'Expiring (2.5 s)',
  args: { request: confirmRequest('confirm-expiring', { title: 'Run the migration?', timeout: 2_500 }) },
  parameters: storyParameters({
    description:
      'Times out after 2.5 s: the dialog closes by itself, sends nothing (the agent goes on with ' +
      'its default) and says so briefly. Remount the story to see it again.',
  }),
  play: async ({ canvasElement, args }) => {
    const { screen, dialog, part } = await confirm(canvasElement);
    await expect(screen.getByText('3 s left')).toBeVisible();
    await waitFor(() => expect(dialog.open).toBe(false), { timeout: 5_000 });
    await expect(part('[part="notice"]')).toHaveTextContent(
      '“Run the migration?” timed out: the agent went on with its default.',
    );
    await expect(part('[part="notice"]')).toHaveAttribute('role', 'status');
    await expect(args.onRpcExpire).toHaveBeenCalledTimes(1);
    await expect(args.onRpcResponse).not.toHaveBeenCalled();
  },
};

export const Queued: Story = {
  name: 'Queued (1 of 3)',
  args: { request: confirmRequest('confirm-queued'), position: 1, total: 3 },
  play: async ({ canvasElement }) => {
    await expectQueued(await confirm(canvasElement));
  },
};

export const LongTitle: Story = {
  args: { request: confirmRequest('confirm-long-title', { title: longTitle }) },
  parameters: storyParameters({ stage: { blockSize: 22 } }),
  play: async ({ canvasElement }) => {
    const dialog = await confirm(canvasElement);
    await expectShown(dialog, longTitle);
    await expectWrappedTitle(dialog);
  },
};

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

export const Dark: Story = {
  args: { request: confirmRequest('confirm-dark', { timeout: 30_000 }) },
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    await expectDark(await confirm(canvasElement));
  },
};

const shared = sharedStories((id) => confirmRequest(`confirm-${id}`, { timeout: 30_000 }), confirm);

export const VSCodeDarkModern: Story = shared.VSCodeDarkModern;
export const VSCodeLightModern: Story = shared.VSCodeLightModern;
export const VSCodeHighContrast: Story = shared.VSCodeHighContrast;
export const ReducedMotion: Story = shared.ReducedMotion;

export const PageMode: Story = pageModeStory('rpc-confirm', confirmRequest('confirm-page'), (screen) =>
  screen.getByRole('button', { name: 'No' }),
);
