import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, userEvent, waitFor } from 'storybook/test';
import { ExtensionUIController } from '../src/controller/controller.js';
import { createMemoryTransport } from '../src/transport/memory.js';
import { shown } from './agent-stories.js';
import { darkDescription, metaParameters, stage, storyParameters } from './story-helpers.js';

/** A model as the agents send it (pi 1.x's shape; oh-my-pi's window may be null). */
interface AgentModel {
  readonly provider: string;
  readonly id: string;
  readonly name: string;
  readonly reasoning: boolean;
  readonly contextWindow: number | null;
}

interface ModelArgs {
  /** The models the agent answers `get_available_models` with. */
  models: readonly AgentModel[];
  /** The model it is on (by id), and its level. */
  current?: string;
  thinkingLevel?: string;
  /** What the agent says to `set_model` and `set_thinking_level`; a string is its error. */
  refuse?: string;
}

const MODELS: readonly AgentModel[] = [
  {
    provider: 'anthropic',
    id: 'claude-sonnet',
    name: 'Claude Sonnet',
    reasoning: true,
    contextWindow: 200_000,
  },
  {
    provider: 'anthropic',
    id: 'claude-haiku',
    name: 'Claude Haiku',
    reasoning: false,
    contextWindow: 200_000,
  },
  { provider: 'openai', id: 'gpt-5', name: 'GPT-5', reasoning: true, contextWindow: 400_000 },
  {
    provider: 'ollama',
    id: 'qwen3-coder',
    name: 'Qwen3 Coder (local)',
    reasoning: false,
    contextWindow: null,
  },
];

/** The levels pi 1.x gives for a model that reasons. */
const LEVELS = ['off', 'minimal', 'low', 'medium', 'high'];

/**
 * An agent in memory that answers as pi 1.x does: its models, the one it is on, that one's levels;
 * `set_model` moves it (or is refused), `set_thinking_level` too, with the event pi sends.
 */
function agent(args: ModelArgs): ExtensionUIController {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  let current = args.models.find((model) => model.id === args.current);
  let level = args.thinkingLevel;
  const reply = (id: unknown, command: string, data?: unknown) =>
    queueMicrotask(() =>
      peer.writeMessage(
        args.refuse && command.startsWith('set_')
          ? { type: 'response', id, command, success: false, error: args.refuse }
          : { type: 'response', id, command, success: true, ...(data === undefined ? {} : { data }) },
      ),
    );
  peer.on('line', (line) => {
    const sent = JSON.parse(line) as { type: string; id?: string; modelId?: string; level?: string };
    if (sent.type === 'get_available_models') reply(sent.id, sent.type, { models: args.models });
    if (sent.type === 'get_state') reply(sent.id, sent.type, { model: current, thinkingLevel: level });
    if (sent.type === 'get_available_thinking_levels')
      reply(sent.id, sent.type, { levels: current?.reasoning ? LEVELS : ['off'] });
    if (sent.type === 'set_model') {
      if (!args.refuse) current = args.models.find((model) => model.id === sent.modelId) ?? current;
      reply(sent.id, sent.type, current);
    }
    if (sent.type === 'set_thinking_level') {
      if (!args.refuse) level = sent.level;
      reply(sent.id, sent.type);
    }
  });
  return controller;
}

const meta = {
  title: 'Console/rpc-model',
  component: 'rpc-model',
  decorators: [stage],
  parameters: metaParameters(
    22,
    "The agent's model and how hard it thinks: the models it can use (`get_available_models`), the one it is on, and that model's thinking levels. Choosing sends `set_model` or `set_thinking_level`; the next turn uses them.",
  ),
  args: { models: MODELS, current: 'claude-sonnet', thinkingLevel: 'medium' },
  render: (args) => html`<rpc-model .controller=${agent(args)}></rpc-model>`,
} satisfies Meta<ModelArgs>;

export default meta;
type Story = StoryObj<ModelArgs>;

const panel = (canvasElement: HTMLElement) => shown(canvasElement, 'rpc-model');

/** The models listed, the current one said, its levels; choose another with the keyboard. */
export const Listed: Story = {
  play: async ({ canvasElement }) => {
    const { screen, root } = await panel(canvasElement);
    const current = await waitFor(() => screen.getByRole('option', { name: /Claude Sonnet.*Current/ }));
    await expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    current.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByRole('option', { name: /GPT-5.*Current/ })).toBeVisible());
    await waitFor(() => expect(screen.getByText('The agent uses GPT-5 now.')).toBeInTheDocument());
    await expect(root.activeElement?.textContent).toMatch(/GPT-5/);
  },
};

/** A model that does not think: the panel says so instead of offering levels. */
export const NoThinking: Story = {
  args: { current: 'claude-haiku', thinkingLevel: undefined },
  play: async ({ canvasElement }) => {
    const { screen } = await panel(canvasElement);
    await waitFor(() =>
      expect(screen.getByText('This model does not think before it answers.')).toBeVisible(),
    );
  },
};

/** The agent refuses a change: its words, in an alert. */
export const Refused: Story = {
  args: { refuse: 'No API key for provider: openai' },
  play: async ({ canvasElement }) => {
    const { screen } = await panel(canvasElement);
    const gpt = await waitFor(() => screen.getByRole('option', { name: /GPT-5/ }));
    await userEvent.click(gpt);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The model was not changed: No API key for provider: openai',
      ),
    );
  },
};

/** No model at all (a fresh install, signed in nowhere). */
export const NoModel: Story = {
  args: { models: [], current: undefined, thinkingLevel: undefined },
  play: async ({ canvasElement }) => {
    const { screen } = await panel(canvasElement);
    await waitFor(() => expect(screen.getByText(/The agent has no model to offer/)).toBeVisible());
  },
};

/** The dark colour scheme. */
export const Dark: Story = {
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const { screen } = await panel(canvasElement);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked());
  },
};

/** A right-to-left page in Arabic. */
export const RightToLeft: Story = {
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar' } }),
  play: async ({ canvasElement }) => {
    const { part, screen } = await panel(canvasElement);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'متوسط' })).toBeChecked());
    await expect(getComputedStyle(part('[part="base"]')).direction).toBe('rtl');
  },
};
