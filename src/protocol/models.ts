/**
 * The agents' models as their commands give them (`get_available_models`, `get_state`,
 * `set_model`, `cycle_model`), read into one shape. What each agent sends, and where in its
 * source: docs/agents.md ("Controls"). DOM-free.
 */
import { isRecord } from '../shared/is-record.js';

/**
 * A thinking level as the agents name them: `off`, `minimal`, `low`, `medium`, `high`, `xhigh`,
 * `max` (pi 1.x, atomic), oh-my-pi's `auto`, or a newer agent's own.
 */
export type ThinkingLevel = string;

/** One model the agent offers. */
export interface ModelOption {
  readonly provider: string;
  readonly id: string;
  /** Its display name (its id when the agent gives none). */
  readonly name: string;
  /** How many tokens its context holds, when the agent says (oh-my-pi may not). */
  readonly contextWindow?: number;
  /** Whether it reasons: only then does a thinking level mean anything. */
  readonly reasoning: boolean;
  /**
   * The thinking levels it takes, as an agent without `get_available_thinking_levels` (pi 0.73.1,
   * oh-my-pi) works them out: `off` and the efforts it names (oh-my-pi), or `off` to `high` and
   * the higher levels its `thinkingLevelMap` maps (pi). Only `off` for a model that does not reason.
   */
  readonly levels: readonly ThinkingLevel[];
}

/** pi's levels from `minimal` up, which every reasoning model takes unless its map says `null`. */
const PI_LEVELS = ['minimal', 'low', 'medium', 'high'];
/** The higher ones, taken only when the model's map names them. */
const PI_HIGHER_LEVELS = ['xhigh', 'max'];

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

function levelsOf(model: Readonly<Record<string, unknown>>, reasoning: boolean): ThinkingLevel[] {
  if (!reasoning) return ['off'];
  // oh-my-pi: `thinking.efforts`, without `off`, which it always takes.
  if (isRecord(model.thinking)) return ['off', ...strings(model.thinking.efforts).filter((l) => l !== 'off')];
  const map = isRecord(model.thinkingLevelMap) ? model.thinkingLevelMap : {};
  return [
    'off',
    ...PI_LEVELS.filter((level) => map[level] !== null),
    ...PI_HIGHER_LEVELS.filter((level) => typeof map[level] === 'string'),
  ];
}

/** A model object of any of the agents, read; `undefined` for anything without a provider and id. */
export function readModel(value: unknown): ModelOption | undefined {
  if (!isRecord(value)) return undefined;
  const { provider, id, name, contextWindow } = value;
  if (typeof provider !== 'string' || !provider || typeof id !== 'string' || !id) return undefined;
  const reasoning = value.reasoning === true;
  const window =
    typeof contextWindow === 'number' && Number.isFinite(contextWindow) && contextWindow > 0
      ? { contextWindow }
      : {};
  return {
    provider,
    id,
    name: typeof name === 'string' && name.trim() ? name : id,
    ...window,
    reasoning,
    levels: levelsOf(value, reasoning),
  };
}

/** `get_available_models`' `models`, read: each model once, those that cannot be read left out. */
export function readModels(value: unknown): ModelOption[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.flatMap((item: unknown) => {
    const model = readModel(item);
    if (!model || seen.has(modelKey(model))) return [];
    seen.add(modelKey(model));
    return [model];
  });
}

/** One string for a model's provider and id, as the agents write it (`provider/id`). */
export const modelKey = (model: { readonly provider: string; readonly id: string }): string =>
  `${model.provider}/${model.id}`;

/** A thinking level the agent named (`thinkingLevel`, `level`), or `undefined`. */
export const readLevel = (value: unknown): ThinkingLevel | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** `get_available_thinking_levels`' `levels`, read. */
export const readLevels = (value: unknown): ThinkingLevel[] => strings(value);
