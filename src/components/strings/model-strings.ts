/** The model panel's strings (`rpc-model`): a part of {@link RpcStrings}. */
import type { RpcStrings } from './strings.js';
import { textTruncated } from './truncated.js';

/** The strings `rpc-model` shows. */
export interface ModelStrings {
  /** Model panel: its title, its accessible name. */
  modelLabel: string;
  /** Model panel: the list box's accessible name. */
  modelListLabel: string;
  /** Model panel: the model the agent is on, said on its option and before its name. */
  modelCurrent: string;
  /** Model panel: a model's context window, `{window}` tokens ("128K"). */
  modelContext: string;
  /** Model panel: before the agent has said. */
  modelWaiting: string;
  /** Model panel: the agent offers no model. */
  modelNone: string;
  /** Model panel: the thinking levels' group. */
  modelThinking: string;
  /** Model panel: the model the agent is on cannot think. */
  modelNoThinking: string;
  /** Thinking level `off`. */
  thinkingOff: string;
  /** Thinking level `minimal`. */
  thinkingMinimal: string;
  /** Thinking level `low`. */
  thinkingLow: string;
  /** Thinking level `medium`. */
  thinkingMedium: string;
  /** Thinking level `high`. */
  thinkingHigh: string;
  /** Thinking level `xhigh`. */
  thinkingXhigh: string;
  /** Thinking level `max`. */
  thinkingMax: string;
  /** Thinking level `auto` (oh-my-pi: the agent chooses). */
  thinkingAuto: string;
  /** Model panel, status: a change of model waits for the agent. */
  modelChanging: string;
  /** Model panel, status: the agent is on `{model}` now. */
  modelChanged: string;
  /** Model panel, status: a change of thinking level waits for the agent. */
  thinkingChanging: string;
  /** Model panel, status: the thinking level is `{level}` now. */
  thinkingChanged: string;
  /** Model panel, alert: the model was not changed, `{error}` in the agent's words. */
  modelFailed: string;
  /** Model panel, alert: the level was not changed, `{error}` in the agent's words. */
  thinkingFailed: string;
  /** Model panel, alert: a change could not be sent. */
  modelUnsent: string;
  /** Model panel, alert: the connection closed before the agent answered a change. */
  modelUnanswered: string;
}

/** The model panel's strings. */
export const modelEnglish = {
  textTruncated,
  modelLabel: 'Model',
  modelListLabel: 'Models the agent can use',
  modelCurrent: 'Current',
  modelContext: '{window} context',
  modelWaiting: 'Asking the agent…',
  modelNone: 'The agent has no model to offer. Sign in to a provider, or add a model to its settings.',
  modelThinking: 'Thinking',
  modelNoThinking: 'This model does not think before it answers.',
  thinkingOff: 'Off',
  thinkingMinimal: 'Minimal',
  thinkingLow: 'Low',
  thinkingMedium: 'Medium',
  thinkingHigh: 'High',
  thinkingXhigh: 'Extra high',
  thinkingMax: 'Maximum',
  thinkingAuto: 'Automatic',
  modelChanging: 'Changing the model…',
  modelChanged: 'The agent uses {model} now.',
  thinkingChanging: 'Changing the thinking level…',
  thinkingChanged: 'Thinking: {level}.',
  modelFailed: 'The model was not changed: {error}',
  thinkingFailed: 'The thinking level was not changed: {error}',
  modelUnsent: 'Not sent: the page is not connected. Try again once it is.',
  modelUnanswered:
    'The connection closed before the agent answered. The panel shows what it uses once it is back.',
} satisfies Partial<RpcStrings>;
