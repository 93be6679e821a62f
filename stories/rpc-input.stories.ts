import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { RpcInput } from '../src/components/input/rpc-input.js';
import type { InputRequest } from '../src/protocol/types.js';
import { type DialogElementArgs, dialogArgs, dialogRender, dialogStories } from './dialog-stories.js';
import {
  dialogIn,
  expectRightToLeft,
  expectShown,
  luminance,
  metaParameters,
  responses,
  rtlText,
  stage,
  storiesDescription,
  storyParameters,
} from './story-helpers.js';

type InputArgs = DialogElementArgs<InputRequest>;

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
  args: dialogArgs(inputRequest('input-idle')),
  render: dialogRender('rpc-input'),
  parameters: metaParameters(16, storiesDescription),
} satisfies Meta<InputArgs>;

export default meta;
type Story = StoryObj<InputArgs>;

const input = (canvasElement: HTMLElement) => dialogIn<RpcInput>(canvasElement, 'rpc-input');
const stories = dialogStories({ tag: 'rpc-input', request: inputRequest, timeout: 30_000 });

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

/** In a 16rem sidebar: the hint wraps beside the buttons, which stay together on one line. */
export const NarrowSidebar: Story = {
  name: 'Narrow sidebar',
  parameters: storyParameters({ stage: { inlineSize: 16 } }),
  play: async ({ canvasElement }) => {
    const dialog = await input(canvasElement);
    const cancel = dialog.screen.getByRole('button', { name: 'Cancel' });
    const ok = dialog.screen.getByRole('button', { name: 'OK' });
    await expect(cancel.getBoundingClientRect().top).toBe(ok.getBoundingClientRect().top);
    await expect(dialog.part('[part="hint"]')).toBeVisible();
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

export const WithCountdown: Story = { name: 'With countdown (30 s)', ...stories.withCountdown() };

export const Expiring: Story = { name: 'Expiring (2.5 s)', ...stories.expiring('Commit message?') };

export const Queued: Story = { name: 'Queued (1 of 3)', ...stories.queued() };

export const LongTitle: Story = stories.longTitle(20);

export const TitleTallerThanDialog: Story = stories.titleTallerThanDialog(24);

export const MultiLineTitle: Story = {
  name: 'Multi-line title',
  ...stories.multiLineTitle({ blockSize: 20, fields: { placeholder: 'feat: …' } }),
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

export const LoginManualCode: Story = {
  name: 'A login question: manual code (atomic)',
  args: {
    request: inputRequest('input-login-code', {
      title: '',
      placeholder: undefined,
      login: { method: 'oauth_manual_code', provider: 'anthropic', loginId: 'anthropic' },
    }),
  },
  parameters: storyParameters({
    description:
      "atomic's `oauth_manual_code` comes without a title: the element words one, and names the " +
      'provider above it.',
  }),
  play: async ({ canvasElement }) => {
    const dialog = await input(canvasElement);
    const title = 'Paste the code from anthropic, or the address your browser was sent to';
    await expectShown(dialog, title);
    await expect(dialog.part('[part="eyebrow"]')).toHaveTextContent('Log in to anthropic');
    await expect(dialog.focused()).toBe(dialog.screen.getByRole('textbox', { name: title }));
  },
};

export const LoginCodeNeedsAnswer: Story = {
  name: 'A login code that is not sent empty (atomic)',
  args: {
    request: inputRequest('input-login-empty-code', {
      title: '',
      login: { method: 'oauth_manual_code', provider: 'anthropic', loginId: 'anthropic' },
    }),
  },
  parameters: storyParameters({
    description:
      'An empty `oauth_manual_code` is not sent (it would only end the login in "Missing ' +
      'authorization code"): Submit says what the field needs, and the dialog stays open.',
  }),
  play: async ({ canvasElement, args }) => {
    const { screen } = await input(canvasElement);
    await userEvent.keyboard('{Enter}');
    await expect(args.onRpcResponse).not.toHaveBeenCalled();
    const reason = 'Not sent: paste the code from the sign-in page, or the address your browser was sent to.';
    await expect(screen.getByText(reason)).toBeVisible();
    await expect(screen.getByRole('textbox')).toHaveAccessibleDescription(expect.stringContaining(reason));
    await userEvent.keyboard('code#state{Enter}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'input-login-empty-code', value: 'code#state' },
    ]);
  },
};

export const CutTitle: Story = {
  name: 'A title the agent cut (oh-my-pi)',
  args: {
    request: inputRequest('input-cut', {
      title: 'Name the file for this output:\n…[301112 chars elided for RPC frame]',
      placeholder: 'out.txt\n…[12 chars elided for RPC frame]',
    }),
  },
  parameters: storyParameters({
    stage: { blockSize: 20 },
    description:
      "The cut mark is not shown as the agent's text: a line says what was cut and how much, and " +
      'is read with the dialog (the title) or the field (the placeholder).',
  }),
  play: async ({ canvasElement }) => {
    const dialog = await input(canvasElement);
    await expectShown(dialog, 'Name the file for this output:');
    const said = 'The agent cut this title short: 301,112 characters left out.';
    await expect(dialog.screen.getByText(said)).toBeVisible();
    await expect(dialog.dialog).toHaveAccessibleDescription(said);
    const field = dialog.screen.getByRole('textbox');
    await expect(field).toHaveAttribute('placeholder', 'out.txt');
    await expect(field).toHaveAccessibleDescription(
      'Enter to submit, Escape to cancel The agent cut the placeholder short: 12 characters left out.',
    );
  },
};

export const Dark: Story = stories.dark(async ({ part }) => {
  await expect(luminance(getComputedStyle(part('[part="field"]')).backgroundColor)).toBeLessThan(0.1);
});
export const VSCodeDarkModern: Story = stories.vscodeDarkModern();
export const VSCodeLightModern: Story = stories.vscodeLightModern();
export const VSCodeHighContrast: Story = stories.vscodeHighContrast();
export const ReducedMotion: Story = stories.reducedMotion();

export const PageMode: Story = stories.pageMode((screen) => screen.getByRole('textbox'));
