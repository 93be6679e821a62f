import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { format } from '../src/components/strings/format.js';
import { ar } from '../src/components/strings/locales/ar.js';
import { html } from 'lit';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { RpcSelect, SelectFilterMode } from '../src/components/select/rpc-select.js';
import type { SelectRequest } from '../src/protocol/types.js';
import { expectColoured, piDark } from './agent-stories.js';
import { type DialogElementArgs, dialogArgs, dialogStories } from './dialog-stories.js';
import {
  dialogIn,
  expectRightToLeft,
  expectShown,
  logResponse,
  metaParameters,
  responseLog,
  responses,
  rtlText,
  stage,
  storiesDescription,
  storyParameters,
} from './story-helpers.js';

interface SelectArgs extends DialogElementArgs<SelectRequest> {
  filter: SelectFilterMode;
}

const branches = ['main', 'develop', 'feature/login', 'release/2.14', 'hotfix/crash-on-start'];

function selectRequest(id: string, fields: Partial<SelectRequest> = {}): SelectRequest {
  return {
    type: 'extension_ui_request',
    id,
    method: 'select',
    title: 'Merge into which branch?',
    options: branches,
    ...fields,
  };
}

const meta = {
  title: 'Dialogs/rpc-select',
  component: 'rpc-select',
  decorators: [stage],
  args: { ...dialogArgs(selectRequest('select-idle')), filter: 'auto' },
  argTypes: {
    filter: { control: 'inline-radio', options: ['auto', 'always', 'never'] },
  },
  render: (args) => html`<rpc-select
      .request=${args.request}
      ?contained=${args.contained}
      .position=${args.position}
      .total=${args.total}
      .filter=${args.filter}
      .strings=${args.strings}
      @rpc-response=${logResponse(args.onRpcResponse)}
      @rpc-expire=${args.onRpcExpire}
    ></rpc-select>
    ${responseLog}`,
  parameters: metaParameters(22, storiesDescription),
} satisfies Meta<SelectArgs>;

export default meta;
type Story = StoryObj<SelectArgs>;

const select = (canvasElement: HTMLElement) => dialogIn<RpcSelect>(canvasElement, 'rpc-select');
const stories = dialogStories({ tag: 'rpc-select', request: selectRequest, timeout: 30_000 });

/**
 * The active option: the one the filter names (`aria-activedescendant`) when `owner` is the
 * filter, else the focused one in the list box `owner`; and `aria-selected`.
 */
async function expectActive(root: ShadowRoot, owner: Element, label: string): Promise<void> {
  const id = owner.getAttribute('aria-activedescendant');
  const active = id ? root.getElementById(id) : root.activeElement;
  if (!id) await expect(owner.contains(active)).toBe(true);
  await expect(active).toHaveTextContent(label);
  await expect(active).toHaveAttribute('aria-selected', 'true');
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await select(canvasElement);
    await expectShown(dialog, 'Merge into which branch?');
    const listbox = dialog.screen.getByRole('listbox', { name: 'Merge into which branch?' });
    await expect(dialog.focused()).toBe(dialog.screen.getByRole('option', { name: 'main' }));
    const options = dialog.screen.getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(branches);
    for (const option of options) await expect(option).toBeVisible();
    await expectActive(dialog.root, listbox, 'main');
  },
};

export const AnswerByClick: Story = {
  name: 'Answer: click',
  args: { request: selectRequest('select-click') },
  play: async ({ canvasElement, args }) => {
    const { screen, dialog } = await select(canvasElement);
    await userEvent.click(screen.getByRole('option', { name: 'feature/login' }));
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'select-click', value: 'feature/login' },
    ]);
    await expect(dialog.open).toBe(false);
    await expect(within(canvasElement).getByText('Sent:')).toHaveTextContent(
      'Sent: {"type":"extension_ui_response","id":"select-click","value":"feature/login"}',
    );
  },
};

const spaced = ['  leading spaces', 'trailing spaces  ', 'Ünïcödé ✓', 'main'];

export const AnswerWithKeyboard: Story = {
  name: 'Answer: keyboard',
  args: { request: selectRequest('select-keyboard', { title: 'Pick an option', options: spaced }) },
  parameters: storyParameters({
    description:
      'Arrow keys, Home/End and type-ahead move the active option; Enter answers with it, exactly ' +
      'as received (spaces included).',
  }),
  play: async ({ canvasElement, args }) => {
    const { screen, root } = await select(canvasElement);
    const listbox = screen.getByRole('listbox');
    await userEvent.keyboard('{End}');
    await expectActive(root, listbox, 'main');
    await userEvent.keyboard('{Home}{ArrowDown}');
    await expectActive(root, listbox, 'trailing spaces');
    await userEvent.keyboard('ü');
    await expectActive(root, listbox, 'Ünïcödé ✓');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'select-keyboard', value: 'trailing spaces  ' },
    ]);
  },
};

export const WithCountdown: Story = { name: 'With countdown (30 s)', ...stories.withCountdown() };

export const Expiring: Story = { name: 'Expiring (2.5 s)', ...stories.expiring('Which model?') };

export const Queued: Story = { name: 'Queued (1 of 3)', ...stories.queued() };

export const LongTitle: Story = stories.longTitle(26);

export const TitleTallerThanDialog: Story = stories.titleTallerThanDialog(24);

export const MultiLineTitle: Story = {
  name: 'Multi-line title',
  ...stories.multiLineTitle({ fields: { options: ['Stage', 'Skip'] } }),
};

const colouredOptions = [
  '\u001b[1mgit push\u001b[22m',
  '\u001b[31mgit push --force\u001b[39m\n  (rewrites the history of origin/main)',
];

export const AgentTextWithAnsiCodes: Story = {
  name: 'Agent text with ANSI codes and line breaks',
  args: {
    request: selectRequest('select-ansi', {
      title: '\u001b[1;33mPush\u001b[0m how?',
      options: colouredOptions,
    }),
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await select(canvasElement);
    // The codes are not shown (their styles are); the active option shows all of its lines.
    await expectShown(dialog, 'Push how?');
    const listbox = dialog.screen.getByRole('listbox');
    await userEvent.keyboard('{ArrowDown}');
    await expectActive(dialog.root, listbox, 'git push --force (rewrites the history of origin/main)');
    await userEvent.keyboard('{Enter}');
    // The answer is the option exactly as the agent sent it.
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'select-ansi', value: colouredOptions[1] },
    ]);
  },
};

const paintedOptions = [
  `${piDark.accent.paint('main')} (default)`,
  `${piDark.success.paint('develop')} (2 ahead)`,
  'feature/login',
];

/**
 * Title and options in the agent's own colours (pi's theme, made for dark backgrounds, so the
 * stage is dark), as in the status bar and notifications. The name, type-ahead and the answer go
 * by the text.
 */
export const AnsiColours: Story = {
  name: 'ANSI colours',
  args: {
    request: selectRequest('select-colours', {
      title: `Merge into ${piDark.warning.paint('which')} branch?`,
      options: paintedOptions,
    }),
  },
  parameters: storyParameters({ stage: { colorScheme: 'dark' } }),
  play: async ({ canvasElement, args }) => {
    const dialog = await select(canvasElement);
    await expectShown(dialog, 'Merge into which branch?');
    await expectColoured(dialog, 'which', piDark.warning.rgb);
    await expectColoured(dialog, 'main', piDark.accent.rgb);
    await expectColoured(dialog, 'develop', piDark.success.rgb);
    await expect(dialog.part('[part="listbox"]').textContent).not.toContain('\u001b');
    const listbox = dialog.screen.getByRole('listbox', { name: 'Merge into which branch?' });
    await userEvent.keyboard('d');
    await expectActive(dialog.root, listbox, 'develop (2 ahead)');
    await userEvent.keyboard('{Enter}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'select-colours', value: paintedOptions[1] },
    ]);
  },
};

const rtlOptions = ['ראשי', 'פיתוח', 'תכונה/התחברות', 'الفرع الرئيسي', 'إصدار 2.14 🚀'];

export const UnicodeRightToLeft: Story = {
  name: 'Unicode, right to left',
  args: {
    request: selectRequest('select-rtl', { title: rtlText.hebrewTitle, options: rtlOptions }),
    strings: { submit: 'אישור', cancel: 'ביטול' },
  },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'he' } }),
  play: async ({ canvasElement }) => {
    const dialog = await select(canvasElement);
    await expectShown(dialog, rtlText.hebrewTitle);
    await expectRightToLeft(dialog);
    const options = dialog.screen.getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(rtlOptions);
    // Options start at the right edge of the list.
    const listbox = dialog.screen.getByRole('listbox').getBoundingClientRect();
    const text = document.createRange();
    text.selectNodeContents(options[0] as Node);
    await expect(listbox.right - text.getBoundingClientRect().right).toBeLessThan(20);
    await userEvent.keyboard('{End}');
    await expectActive(dialog.root, dialog.screen.getByRole('listbox'), 'إصدار 2.14 🚀');
  },
};

export const Translated: Story = {
  name: "In Arabic: the kit's words and their plural forms",
  args: {
    request: selectRequest('select-arabic', { title: 'Merge into which branch?', options: branches }),
    filter: 'always',
  },
  parameters: storyParameters({
    stage: { dir: 'rtl', lang: 'ar' },
    description:
      'The stage says `lang="ar"`: the kit speaks Arabic (`rpc-ui-kit/locales/ar.js`), counts take ' +
      "Arabic's plural forms, and the agent's title and options stay as it sent them.",
  }),
  play: async ({ canvasElement }) => {
    const dialog = await select(canvasElement);
    await expectShown(dialog, 'Merge into which branch?');
    await expectRightToLeft(dialog);
    const filter = dialog.screen.getByRole('combobox', { name: ar.filterLabel });
    await expect(dialog.screen.getByRole('button', { name: ar.cancel })).toBeVisible();
    // Three branches hold an "e": Arabic says three with its "few" form.
    await userEvent.type(filter, 'e');
    await waitFor(() => expect(dialog.screen.getAllByRole('option')).toHaveLength(3));
    await expect(dialog.part('#match-count')).toHaveTextContent(format(ar.matchCount, { count: 3 }, 'ar'));
  },
};

const manyOptions = Array.from(
  { length: 5_000 },
  (_, i) => `src/generated/module-${String(i + 1).padStart(4, '0')}.ts`,
);

export const FiveThousandOptions: Story = {
  name: '5,000 options',
  args: { request: selectRequest('select-5000', { title: 'Open which file?', options: manyOptions }) },
  parameters: storyParameters({
    stage: { blockSize: 26 },
    description:
      'Only the visible rows (and a few more) exist in the DOM; a filter field narrows the list ' +
      'and starts with focus.',
  }),
  play: async ({ canvasElement }) => {
    const { screen, focused, root } = await select(canvasElement);
    const filter = screen.getByRole('combobox', { name: 'Filter options' });
    await expect(focused()).toBe(filter);
    const rendered = screen.getAllByRole('option');
    await expect(rendered.length).toBeLessThan(40);
    await expect(rendered[0]).toHaveAttribute('aria-setsize', '5000');
    // PageDown moves by the eight visible rows.
    await userEvent.keyboard('{PageDown}');
    await expectActive(root, filter, 'src/generated/module-0009.ts');
    await userEvent.type(filter, '499');
    // 0499, 1499, 2499, 3499, 4499 and 4990…4999: announced, and the list narrowed to them.
    await waitFor(() => expect(screen.getByText('15 options match')).toBeInTheDocument());
    await expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '15');
    await expectActive(root, filter, 'src/generated/module-0499.ts');
  },
};

// oh-my-pi's optionDetails, by index (`{}`: no description), as in test/fixtures/omp-18.2.3/details.jsonl.
const detailed = selectRequest('select-details', {
  title: 'details: pick one',
  options: ['alpha', 'beta', 'gamma', 'delta'],
  optionDetails: [{ description: 'first letter ✓' }, {}, { description: 'third, Crème brûlée' }, {}],
});

export const OptionDescriptions: Story = {
  name: 'Option descriptions (oh-my-pi)',
  args: { request: detailed },
  parameters: storyParameters({
    description:
      "Each option's description shows under its label and is its accessible description; the " +
      'answer is the label.',
  }),
  play: async ({ canvasElement, args }) => {
    const { screen, root, part } = await select(canvasElement);
    const alpha = screen.getByRole('option', { name: 'alpha' });
    await expect(alpha).toHaveAccessibleDescription('first letter ✓');
    await expect(screen.getByText('first letter ✓')).toBeVisible();
    await expect(screen.getByRole('option', { name: 'beta' })).not.toHaveAttribute('aria-describedby');
    const listbox = screen.getByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const gamma = root.activeElement;
    await expect(listbox.contains(gamma)).toBe(true);
    await expect(gamma).toHaveAccessibleName('gamma');
    await expect(gamma).toHaveAccessibleDescription('third, Crème brûlée');
    await expect(part('#listbox').querySelectorAll('[part="option-description"]')).toHaveLength(2);
    await userEvent.keyboard('{Enter}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'select-details', value: 'gamma' },
    ]);
  },
};

const models = [
  ['claude-opus-4', '200k context, vision, extended thinking'],
  ['claude-sonnet-4', '200k context, vision'],
  ['gpt-5', '400k context, vision, reasoning'],
  ['gpt-5-mini', '400k context, fast'],
  ['gemini-2.5-pro', '1M context, vision, reasoning'],
  ['gemini-2.5-flash', '1M context, fast'],
  ['llama-4-maverick', 'open weights, 1M context'],
  ['qwen3-coder', 'open weights, 256k context, coding'],
  ['deepseek-r1', 'open weights, reasoning'],
  ['mistral-large', '128k context'],
  ['kimi-k2', 'open weights, 128k context, coding'],
  ['grok-4', '256k context, reasoning, Überblick'],
] as const;

export const DescriptionsFiltered: Story = {
  name: 'Option descriptions: the filter searches them',
  args: {
    request: selectRequest('select-details-filter', {
      title: 'Which model?',
      options: models.map(([label]) => label),
      optionDetails: models.map(([, description]) => ({ description })),
    }),
  },
  parameters: storyParameters({
    stage: { blockSize: 30 },
    description:
      'The filter matches labels and descriptions alike, ignoring case and accents ("uberblick" ' +
      'finds "Überblick").',
  }),
  play: async ({ canvasElement, args }) => {
    const { screen } = await select(canvasElement);
    const filter = screen.getByRole('combobox', { name: 'Filter options' });
    await userEvent.type(filter, 'vision');
    await waitFor(() => expect(screen.getByText('4 options match')).toBeInTheDocument());
    await userEvent.type(filter, '{Backspace>6/}uberblick');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await expect(screen.getByRole('option', { name: 'grok-4' })).toHaveAccessibleDescription(
      '256k context, reasoning, Überblick',
    );
    await userEvent.keyboard('{Enter}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'select-details-filter', value: 'grok-4' },
    ]);
  },
};

export const CutList: Story = {
  name: 'A list the agent cut (oh-my-pi)',
  args: {
    request: selectRequest('select-cut', {
      title: 'Open which file?',
      options: ['src/a.ts', 'src/b.ts', 'src/c.ts', '…[41237 items elided for RPC frame]'],
    }),
  },
  parameters: storyParameters({
    description:
      'oh-my-pi without protocol v2 cuts a list too long for its frame and ends it with an item ' +
      'that says so: that item is no option, and a line under the list says how many were left out.',
  }),
  play: async ({ canvasElement }) => {
    const { screen, dialog } = await select(canvasElement);
    await expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'src/a.ts',
      'src/b.ts',
      'src/c.ts',
    ]);
    const said = 'The agent cut this list short: 41,237 options left out.';
    await expect(screen.getByText(said)).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(said);
  },
};

export const LoginSelect: Story = {
  name: 'A login question (atomic oauth_select)',
  args: {
    request: selectRequest('select-login', {
      title: 'Select OpenAI Codex login method:',
      options: ['Browser login (default)', 'Device code login (headless)'],
      login: {
        method: 'oauth_select',
        provider: 'openai-codex',
        loginId: 'openai-codex',
        optionIds: ['browser', 'device_code'],
      },
    }),
  },
  parameters: storyParameters({
    description:
      "atomic's login questions are ordinary dialogs with the provider above the title. The user " +
      "picks a label; the response carries that option's id, as atomic expects.",
  }),
  play: async ({ canvasElement, args }) => {
    const dialog = await select(canvasElement);
    await expectShown(dialog, 'Select OpenAI Codex login method:');
    await expect(dialog.part('[part="eyebrow"]')).toHaveTextContent('Log in to openai-codex');
    await expect(dialog.dialog).toHaveAccessibleDescription('Log in to openai-codex');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(responses(args.onRpcResponse)).toEqual([
      { type: 'extension_ui_response', id: 'select-login', value: 'device_code' },
    ]);
  },
};

export const Dark: Story = stories.dark();
export const VSCodeDarkModern: Story = stories.vscodeDarkModern();
export const VSCodeLightModern: Story = stories.vscodeLightModern();
export const VSCodeHighContrast: Story = stories.vscodeHighContrast();
export const ReducedMotion: Story = stories.reducedMotion();

export const PageMode: Story = stories.pageMode((screen) => screen.getAllByRole('option')[0] as HTMLElement);
