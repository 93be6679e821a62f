import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { RpcEditor } from '../src/components/editor/rpc-editor.js';
import type { EditorRequest } from '../src/protocol/types.js';
import { type DialogElementArgs, dialogArgs, dialogRender, dialogStories } from './dialog-stories.js';
import {
  dialogIn,
  expectRightToLeft,
  expectShown,
  metaParameters,
  responses,
  rtlText,
  stage,
  storiesDescription,
  storyParameters,
} from './story-helpers.js';

type EditorArgs = DialogElementArgs<EditorRequest>;

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
  args: dialogArgs(editorRequest('editor-idle')),
  render: dialogRender('rpc-editor'),
  parameters: metaParameters(
    26,
    `${storiesDescription} An editor request never times out, so there is no countdown story.`,
  ),
} satisfies Meta<EditorArgs>;

export default meta;
type Story = StoryObj<EditorArgs>;

const editor = (canvasElement: HTMLElement) => dialogIn<RpcEditor>(canvasElement, 'rpc-editor');
// No timeout: an editor request never times out (so no "With countdown" and "Expiring" stories).
const stories = dialogStories({ tag: 'rpc-editor', request: editorRequest });

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

export const Queued: Story = { name: 'Queued (1 of 3)', ...stories.queued() };

export const LongTitle: Story = stories.longTitle(30);

export const TitleTallerThanDialog: Story = stories.titleTallerThanDialog(24);

export const MultiLineTitle: Story = {
  name: 'Multi-line title',
  ...stories.multiLineTitle({ blockSize: 30 }),
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

export const PromptStyle: Story = {
  name: 'Prompt style (oh-my-pi)',
  args: {
    request: editorRequest('editor-prompt', {
      title: 'What should the agent do next?',
      prefill: 'Refactor ',
      promptStyle: true,
    }),
  },
  parameters: storyParameters({
    description:
      "oh-my-pi's `promptStyle: true`, a styling hint: a composer of a few lines that grows with " +
      'the text, the title as its label, "Send". The keys are the same.',
  }),
  play: async ({ canvasElement, args }) => {
    const { screen } = await editor(canvasElement);
    const field = screen.getByRole('textbox', { name: 'What should the agent do next?' });
    await expect(field).toHaveAccessibleDescription('Ctrl+Enter to send, Escape to cancel');
    // Seen as a person sees it: once the dialog's entrance has run (later on a busy machine).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeVisible());
    const before = field.getBoundingClientRect().height;
    await userEvent.keyboard('the parser{Enter}- keep the API{Enter}- add tests{Enter}- update the docs');
    await expect(field.getBoundingClientRect().height).toBeGreaterThan(before);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(responses(args.onRpcResponse)).toEqual([
      {
        type: 'extension_ui_response',
        id: 'editor-prompt',
        value: 'Refactor the parser\n- keep the API\n- add tests\n- update the docs',
      },
    ]);
  },
};

const cutPrefill = `${Array.from({ length: 6 }, (_, i) => `line ${i + 1} of a long log`).join('\n')}\n…[918337 chars elided for RPC frame]`;

export const CutPrefill: Story = {
  name: 'A prefill the agent cut (oh-my-pi)',
  args: { request: editorRequest('editor-cut', { title: 'Edit the log excerpt', prefill: cutPrefill }) },
  parameters: storyParameters({
    stage: { blockSize: 30 },
    description:
      'oh-my-pi without protocol v2 cuts a string too long for its frame and marks the cut. The ' +
      "editor says so, and will not send the cut text back as the user's while the mark is in it; " +
      'once the user deletes the mark, the text is theirs.',
  }),
  play: async ({ canvasElement, args }) => {
    const { screen, part } = await editor(canvasElement);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox');
    await expect(
      screen.getByText(/^The agent cut this text short: 918,337 characters left out/),
    ).toBeVisible();
    await expect(field).toHaveAccessibleDescription(expect.stringContaining('918,337 characters left out'));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(args.onRpcResponse).not.toHaveBeenCalled();
    const refusal = screen.getByText(/^Not sent: the text still holds the agent’s cut mark\./);
    await expect(refusal).toBeVisible();
    await expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Not sent: the text still holds'),
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // Delete the mark's line: the text is the user's.
    field.setSelectionRange(field.value.indexOf('\n…['), field.value.length);
    await userEvent.keyboard('{Backspace}');
    await expect(part('[part="refusal"]')).toHaveTextContent('');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(responses(args.onRpcResponse)).toEqual([
      {
        type: 'extension_ui_response',
        id: 'editor-cut',
        value: cutPrefill.slice(0, cutPrefill.indexOf('\n…[')),
      },
    ]);
  },
};

export const Dark: Story = stories.dark();
export const VSCodeDarkModern: Story = stories.vscodeDarkModern();
export const VSCodeLightModern: Story = stories.vscodeLightModern();
export const VSCodeHighContrast: Story = stories.vscodeHighContrast();
export const ReducedMotion: Story = stories.reducedMotion();

export const PageMode: Story = stories.pageMode((screen) => screen.getByRole('textbox'));
