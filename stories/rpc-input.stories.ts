import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { RpcExpireEvent } from '../src/components/events/expire-event.js';
import type { RpcResponseEvent } from '../src/components/events/response-event.js';
import type { RpcInput } from '../src/components/input/rpc-input.js';
import type { RpcStrings } from '../src/components/shared/strings.js';
import type { InputRequest } from '../src/protocol/types.js';
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
  luminance,
  longTitle,
  metaParameters,
  multiLineTitle,
  pageModeStory,
  responseLog,
  responses,
  rtlText,
  stage,
  storiesDescription,
  sharedStories,
  storyParameters,
} from './story-helpers.js';

interface InputArgs {
  request: InputRequest;
  contained: boolean;
  position: number;
  total: number;
  strings: Partial<RpcStrings>;
  onRpcResponse: (event: RpcResponseEvent) => void;
  onRpcExpire: (event: RpcExpireEvent) => void;
}

function inputRequest(id: string, fields: Partial<InputRequest> = {}): InputRequest {
  return {
    type: 'extension_ui_request',
    id,
    method: 'input',
    title: 'Name of the new branch',
    placeholder: 'feature/…',
    ...fields,
  };
}

const meta = {
  title: 'Dialogs/rpc-input',
  component: 'rpc-input',
  decorators: [stage],
  args: {
    request: inputRequest('input-idle'),
    contained: true,
    position: 0,
    total: 0,
    strings: {},
    onRpcResponse: fn(),
    onRpcExpire: fn(),
  },
  render: (args) => html`<rpc-input
      .request=${args.request}
      ?contained=${args.contained}
      .position=${args.position}
      .total=${args.total}
      .strings=${args.strings}
      @rpc-response=${logResponse(args.onRpcResponse)}
      @rpc-expire=${args.onRpcExpire}
    ></rpc-input>
    ${responseLog}`,
  parameters: metaParameters(16, storiesDescription),
} satisfies Meta<InputArgs>;

export default meta;
type Story = StoryObj<InputArgs>;

const input = (canvasElement: HTMLElement) => dialogIn<RpcInput>(canvasElement, 'rpc-input');

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await input(canvasElement);
    await expectShown(dialog, 'Name of the new branch');
    const field = dialog.screen.getByRole('textbox', { name: 'Name of the new branch' });
    await expect(dialog.focused()).toBe(field);
    await expect(field).toHaveAttribute('placeholder', 'feature/…');
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription('Enter to submit, Escape to cancel');
  },
};

export const AnswerWithEnter: Story = {
  name: 'Answer: Enter',
  args: { request: inputRequest('input-enter') },
  parameters: storyParameters({ description: 'The text is sent exactly as typed: never trimmed.' }),
  play: async ({ canvasElement, args }) => {
    const { dialog } = await input(canvasElement);
    await userEvent.keyboard('  feature/stories  ');
    await userEvent.keyboard('{Enter}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'input-enter', value: '  feature/stories  ' },
    ]);
    await expect(dialog.open).toBe(false);
    await expect(within(canvasElement).getByText('Sent:')).toHaveTextContent(
      'Sent: {"type":"extension_ui_response","id":"input-enter","value":"  feature/stories  "}',
      { normalizeWhitespace: false },
    );
  },
};

export const AnswerEmpty: Story = {
  name: 'Answer: empty text',
  args: { request: inputRequest('input-empty', { title: 'Extra flags (optional)', placeholder: undefined }) },
  parameters: storyParameters({ description: 'The empty string is a real answer: "OK" sends `""`.' }),
  play: async ({ canvasElement, args }) => {
    const { screen } = await input(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'input-empty', value: '' },
    ]);
  },
};

export const WithCountdown: Story = {
  name: 'With countdown (30 s)',
  args: { request: inputRequest('input-countdown', { timeout: 30_000 }) },
  play: async ({ canvasElement }) => {
    await expectCountdown(await input(canvasElement), 30);
  },
};

export const Expiring: Story = {
  name: 'Expiring (2.5 s)',
  args: { request: inputRequest('input-expiring', { title: 'Commit message?', timeout: 2_500 }) },
  parameters: storyParameters({
    description:
      'Times out after 2.5 s: the dialog closes by itself, sends nothing (the agent goes on with ' +
      'its default) and says so briefly. Remount the story to see it again.',
  }),
  play: async ({ canvasElement, args }) => {
    const { dialog, part } = await input(canvasElement);
    await waitFor(() => expect(dialog.open).toBe(false), { timeout: 5_000 });
    await expect(part('[part="notice"]')).toHaveTextContent(
      '“Commit message?” timed out: the agent went on with its default.',
    );
    await expect(args.onRpcExpire).toHaveBeenCalledTimes(1);
    await expect(args.onRpcResponse).not.toHaveBeenCalled();
  },
};

export const Queued: Story = {
  name: 'Queued (1 of 3)',
  args: { request: inputRequest('input-queued'), position: 1, total: 3 },
  play: async ({ canvasElement }) => {
    await expectQueued(await input(canvasElement));
  },
};

export const LongTitle: Story = {
  args: { request: inputRequest('input-long-title', { title: longTitle }) },
  parameters: storyParameters({ stage: { blockSize: 20 } }),
  play: async ({ canvasElement }) => {
    const dialog = await input(canvasElement);
    await expectShown(dialog, longTitle);
    await expectWrappedTitle(dialog);
  },
};

export const MultiLineTitle: Story = {
  name: 'Multi-line title',
  args: { request: inputRequest('input-multi-line', { title: multiLineTitle, placeholder: 'feat: …' }) },
  parameters: storyParameters({
    stage: { blockSize: 20 },
    description: 'An input request has no message; its title keeps its line breaks.',
  }),
  play: async ({ canvasElement }) => {
    const { part } = await input(canvasElement);
    await expect(part('[part="title"]').textContent).toBe(multiLineTitle);
    await expectLines(part('[part="title"]'), 3);
  },
};

export const UnicodeRightToLeft: Story = {
  name: 'Unicode, right to left',
  args: {
    request: inputRequest('input-rtl', {
      title: 'ما اسم الفرع الجديد؟',
      placeholder: 'مثال: ميزة/تسجيل',
      timeout: 30_000,
    }),
    strings: {
      submit: 'موافق',
      cancel: 'إلغاء',
      inputHint: 'Enter للإرسال، Escape للإلغاء',
      secondsLeft: 'تبقى {seconds} ث',
    },
  },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const dialog = await input(canvasElement);
    await expectShown(dialog, 'ما اسم الفرع الجديد؟');
    await expectRightToLeft(dialog);
    const field = dialog.screen.getByRole('textbox');
    await expect(getComputedStyle(field).direction).toBe('rtl');
    await userEvent.keyboard(rtlText.hebrewTitle);
    await expect(field).toHaveValue(rtlText.hebrewTitle);
  },
};

export const Dark: Story = {
  args: { request: inputRequest('input-dark', { timeout: 30_000 }) },
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const dialog = await input(canvasElement);
    await expectDark(dialog);
    await expect(luminance(getComputedStyle(dialog.part('[part="field"]')).backgroundColor)).toBeLessThan(
      0.1,
    );
  },
};

const shared = sharedStories((id) => inputRequest(`input-${id}`, { timeout: 30_000 }), input);

export const VSCodeDarkModern: Story = shared.VSCodeDarkModern;
export const VSCodeLightModern: Story = shared.VSCodeLightModern;
export const VSCodeHighContrast: Story = shared.VSCodeHighContrast;
export const ReducedMotion: Story = shared.ReducedMotion;

export const PageMode: Story = pageModeStory('rpc-input', inputRequest('input-page'), (screen) =>
  screen.getByRole('textbox'),
);
