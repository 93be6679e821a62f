import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { RpcEditor } from '../src/components/editor/rpc-editor.js';
import type { RpcExpireEvent } from '../src/components/events/expire-event.js';
import type { RpcResponseEvent } from '../src/components/events/response-event.js';
import type { RpcStrings } from '../src/components/shared/strings.js';
import type { EditorRequest } from '../src/protocol/types.js';
import {
  darkDescription,
  dialogIn,
  expectDark,
  expectLines,
  expectQueued,
  expectRightToLeft,
  expectShown,
  expectWrappedTitle,
  logResponse,
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

interface EditorArgs {
  request: EditorRequest;
  contained: boolean;
  position: number;
  total: number;
  strings: Partial<RpcStrings>;
  onRpcResponse: (event: RpcResponseEvent) => void;
  onRpcExpire: (event: RpcExpireEvent) => void;
}

/** Newlines, a tab, U+2028 and a trailing newline: all must reach the textarea untouched. */
const prefill =
  'feat: add Storybook\n\nStories for every dialog:\n\t- confirm\u2028  (alert dialog)\n\t- select\n';

function editorRequest(id: string, fields: Partial<EditorRequest> = {}): EditorRequest {
  return {
    type: 'extension_ui_request',
    id,
    method: 'editor',
    title: 'Edit the commit message',
    prefill,
    ...fields,
  };
}

const meta = {
  title: 'Dialogs/rpc-editor',
  component: 'rpc-editor',
  decorators: [stage],
  args: {
    request: editorRequest('editor-idle'),
    contained: true,
    position: 0,
    total: 0,
    strings: {},
    onRpcResponse: fn(),
    onRpcExpire: fn(),
  },
  render: (args) => html`<rpc-editor
      .request=${args.request}
      ?contained=${args.contained}
      .position=${args.position}
      .total=${args.total}
      .strings=${args.strings}
      @rpc-response=${logResponse(args.onRpcResponse)}
      @rpc-expire=${args.onRpcExpire}
    ></rpc-editor>
    ${responseLog}`,
  parameters: metaParameters(
    26,
    `${storiesDescription} An editor request never times out, so there is no countdown story.`,
  ),
} satisfies Meta<EditorArgs>;

export default meta;
type Story = StoryObj<EditorArgs>;

const editor = (canvasElement: HTMLElement) => dialogIn<RpcEditor>(canvasElement, 'rpc-editor');

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await editor(canvasElement);
    await expectShown(dialog, 'Edit the commit message');
    const field = dialog.screen.getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Edit the commit message',
    });
    await expect(dialog.focused()).toBe(field);
    // The prefill exactly, with the caret at its end.
    await expect(field.value).toBe(prefill);
    await expect(field.selectionStart).toBe(prefill.length);
    await expect(field.selectionEnd).toBe(prefill.length);
    await expect(field).toHaveAccessibleDescription('Ctrl+Enter to submit, Escape to cancel');
  },
};

export const EmptyPrefill: Story = {
  name: 'Empty prefill',
  args: { request: editorRequest('editor-empty', { title: 'Notes for the reviewer', prefill: undefined }) },
  play: async ({ canvasElement }) => {
    const dialog = await editor(canvasElement);
    const field = dialog.screen.getByRole('textbox', { name: 'Notes for the reviewer' });
    await expect(dialog.focused()).toBe(field);
    await expect(field).toHaveValue('');
  },
};

export const AnswerWithKeyboard: Story = {
  name: 'Answer: keyboard',
  args: { request: editorRequest('editor-keyboard', { prefill: 'line 1' }) },
  parameters: storyParameters({
    description: 'Enter is a newline; Ctrl/Cmd+Enter sends the text exactly as edited.',
  }),
  play: async ({ canvasElement, args }) => {
    const { dialog, screen } = await editor(canvasElement);
    await userEvent.keyboard('{Enter}line 2{Enter}');
    await expect(screen.getByRole('textbox')).toHaveValue('line 1\nline 2\n');
    await expect(args.onRpcResponse).not.toHaveBeenCalled();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'editor-keyboard', value: 'line 1\nline 2\n' },
    ]);
    await expect(dialog.open).toBe(false);
    await expect(within(canvasElement).getByText('Sent:')).toHaveTextContent(
      'Sent: {"type":"extension_ui_response","id":"editor-keyboard","value":"line 1\\nline 2\\n"}',
    );
  },
};

export const AnswerUnchanged: Story = {
  name: 'Answer: OK without edits',
  args: { request: editorRequest('editor-ok') },
  play: async ({ canvasElement, args }) => {
    const { screen } = await editor(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'editor-ok', value: prefill },
    ]);
  },
};

export const Queued: Story = {
  name: 'Queued (1 of 3)',
  args: { request: editorRequest('editor-queued'), position: 1, total: 3 },
  play: async ({ canvasElement }) => {
    await expectQueued(await editor(canvasElement));
  },
};

export const LongTitle: Story = {
  args: { request: editorRequest('editor-long-title', { title: longTitle }) },
  parameters: storyParameters({ stage: { blockSize: 30 } }),
  play: async ({ canvasElement }) => {
    const dialog = await editor(canvasElement);
    await expectShown(dialog, longTitle);
    await expectWrappedTitle(dialog);
  },
};

export const MultiLineTitle: Story = {
  name: 'Multi-line title',
  args: { request: editorRequest('editor-multi-line', { title: multiLineTitle }) },
  parameters: storyParameters({
    stage: { blockSize: 30 },
    description: 'An editor request has no message; its title keeps its line breaks.',
  }),
  play: async ({ canvasElement }) => {
    const { part } = await editor(canvasElement);
    await expect(part('[part="title"]').textContent).toBe(multiLineTitle);
    await expectLines(part('[part="title"]'), 3);
  },
};

export const UnicodeRightToLeft: Story = {
  name: 'Unicode, right to left',
  args: {
    request: editorRequest('editor-rtl', { title: rtlText.arabicTitle, prefill: rtlText.mixed }),
    strings: { submit: 'موافق', cancel: 'إلغاء', editorHint: 'Ctrl+Enter للإرسال، Escape للإلغاء' },
  },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const dialog = await editor(canvasElement);
    await expectShown(dialog, rtlText.arabicTitle);
    await expectRightToLeft(dialog);
    const field = dialog.screen.getByRole('textbox');
    await expect(field).toHaveValue(rtlText.mixed);
    await expect(getComputedStyle(field).direction).toBe('rtl');
  },
};

export const Dark: Story = {
  args: { request: editorRequest('editor-dark') },
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    await expectDark(await editor(canvasElement));
  },
};

const shared = sharedStories((id) => editorRequest(`editor-${id}`), editor);

export const VSCodeDarkModern: Story = shared.VSCodeDarkModern;
export const VSCodeLightModern: Story = shared.VSCodeLightModern;
export const VSCodeHighContrast: Story = shared.VSCodeHighContrast;
export const ReducedMotion: Story = shared.ReducedMotion;

export const PageMode: Story = pageModeStory('rpc-editor', editorRequest('editor-page'), (screen) =>
  screen.getByRole('textbox'),
);
