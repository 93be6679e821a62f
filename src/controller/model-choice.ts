import {
  type ModelOption,
  modelKey,
  readLevel,
  readLevels,
  readModel,
  type ThinkingLevel,
} from '../protocol/models.js';
import { Emitter } from '../shared/emitter.js';
import { isRecord } from '../shared/is-record.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { ExtensionUIController } from './controller.js';
import { type AgentModels, followModels } from './models.js';

export type { ModelOption, ThinkingLevel } from '../protocol/models.js';

/** What a person changes here: the model, or how hard it thinks. */
export type ModelSetting = 'model' | 'thinking';

/** How the last change went, as {@link AgentModelChoice.outcome} says. */
export type ModelChoiceOutcome =
  | { readonly setting: ModelSetting; readonly ok: true }
  | {
      readonly setting: ModelSetting;
      readonly ok: false;
      /** The agent's words (or the bridge's, for a command it refused). */
      readonly error?: string;
      /** It could not be sent: no connection. */
      readonly unsent?: true;
      /** The connection closed before the agent answered. */
      readonly unanswered?: true;
    };

/** The prefix of the questions asked here; any answer is read, whoever asked. */
const ASK_PREFIX = 'rpc-ui-model-';

/** The answers read here (a quick test before a line is parsed). */
const READ =
  /"(get_state|set_model|cycle_model|get_available_thinking_levels|set_thinking_level|cycle_thinking_level)"/;

/**
 * The agent's model and thinking level, and the person's changes of them: the models it can use
 * (from {@link followModels}), the one it is on and its level (`get_state`), the levels that model
 * takes (`get_available_thinking_levels` where the agent has it, else worked out from the model as
 * the agent does), `set_model` and `set_thinking_level`. Asked on each connection and greeting, on
 * the agent's `model_changed`, and after each change; any tab's change is read too. DOM-free.
 */
export class AgentModelChoice {
  readonly #controller: ExtensionUIController;
  readonly #events = new Emitter<{ change: AgentModelChoice }>();
  #models: AgentModels | undefined;
  #current: ModelOption | undefined;
  #thinking: ThinkingLevel | undefined;
  /** The agent's own list of levels for the current model, when it has the command. */
  #levels: readonly ThinkingLevel[] | undefined;
  /** Whether the agent has `get_available_thinking_levels` (pi 1.x, atomic); unknown until asked. */
  #levelsCommand: boolean | undefined;
  /** Greeted again: the levels are asked anew, whatever the model (another agent may be there). */
  #greeted = false;
  /** This page's changes not answered yet, by command id. */
  readonly #pending = new Map<string, ModelSetting>();
  /** The level this page asked for, until the agent answers. */
  #wantedLevel: ThinkingLevel | undefined;
  #outcome: ModelChoiceOutcome | undefined;
  #count = 0;

  constructor(controller: ExtensionUIController) {
    this.#controller = controller;
  }

  /** The models the agent can use; `undefined` until it said. */
  get catalog(): readonly ModelOption[] | undefined {
    return this.#models?.catalog;
  }

  /** The model the agent is on; `undefined` before it said, or when it has none. */
  get current(): ModelOption | undefined {
    return this.#current;
  }

  /** The thinking level the agent is at; `undefined` before it said, or for a model that cannot think. */
  get thinking(): ThinkingLevel | undefined {
    return this.#thinking;
  }

  /**
   * The level to show as chosen: the one this page asked for until the agent answers (a radio
   * button that jumped back while the agent is asked would look refused), then the agent's.
   */
  get shownThinking(): ThinkingLevel | undefined {
    return this.#wantedLevel ?? this.#thinking;
  }

  /** The levels the current model takes, the agent's own list where it has one; empty without a model. */
  get levels(): readonly ThinkingLevel[] {
    return this.#levels ?? this.#current?.levels ?? [];
  }

  /** The change waiting for the agent's answer, if any. */
  get busy(): ModelSetting | undefined {
    const waiting = [...this.#pending.values()];
    return waiting.includes('model') ? 'model' : waiting[0];
  }

  /** Whether a change of `setting` waits for the agent's answer. */
  busyWith(setting: ModelSetting): boolean {
    return [...this.#pending.values()].includes(setting);
  }

  /** How the last change went; `undefined` before any. */
  get outcome(): ModelChoiceOutcome | undefined {
    return this.#outcome;
  }

  /** Listen for changes; returns the function that stops. */
  on(type: 'change', listener: (choice: AgentModelChoice) => void): () => void {
    return this.#events.on(type, listener);
  }

  /** Read what the controller passes through, ask on each connection; returns the function that stops. */
  follow(): () => void {
    const controller = this.#controller;
    const models = followModels(controller);
    this.#models = models.models;
    const stops = [
      models.stop,
      models.models.on('change', () => this.#emit()),
      controller.on('message', (line) => this.#read(line)),
      controller.on('state', (state) => {
        if (state === 'open') this.ask();
        else this.#unanswered();
      }),
    ];
    if (controller.connectionState === 'open') this.ask();
    return () => {
      for (const stop of stops) stop();
      this.#models = undefined;
    };
  }

  /** Ask the agent which model it is on and at which level (`get_state`). */
  ask(): void {
    this.#send({ type: 'get_state' });
  }

  /** Move the agent to `model` (`set_model`); said in {@link outcome}. */
  choose(model: Pick<ModelOption, 'provider' | 'id'>): void {
    this.#change('model', { type: 'set_model', provider: model.provider, modelId: model.id });
    this.#emit();
  }

  /** Set how hard the model thinks (`set_thinking_level`); said in {@link outcome}. */
  think(level: ThinkingLevel): void {
    const sent = this.#change('thinking', { type: 'set_thinking_level', level });
    if (sent) this.#wantedLevel = level;
    this.#emit();
  }

  /** Send a change; whether it could be sent (if not, the outcome says so). */
  #change(
    setting: ModelSetting,
    command: { readonly type: string; readonly [field: string]: unknown },
  ): boolean {
    const id = this.#send(command);
    if (id === undefined) this.#outcome = { setting, ok: false, unsent: true };
    else this.#pending.set(id, setting);
    return id !== undefined;
  }

  #read(line: InboundMessage): void {
    const type = line.type;
    // Greeted again (another process or session), or the model changed in the agent.
    if (type === 'rpc_ui_hello') {
      this.#unanswered(); // a change the last process or session was asked is answered by none
      this.#levelsCommand = undefined;
      this.#greeted = true;
      return this.ask();
    }
    if (type === 'rpc_ui_agent_exit') return this.#unanswered();
    if (type === 'model_changed') return this.ask();
    if (type === 'thinking_level_changed') {
      const parsed = line.parse();
      if (!parsed.ok || !isRecord(parsed.value)) return;
      // pi and atomic name it `level`; oh-my-pi `thinkingLevel`.
      this.#thinking = readLevel(parsed.value.level) ?? readLevel(parsed.value.thinkingLevel);
      return this.#emit();
    }
    if (type === 'response' && READ.test(line.text)) this.#response(line);
  }

  #response(line: InboundMessage): void {
    const parsed = line.parse();
    if (!parsed.ok || !isRecord(parsed.value)) return;
    const { id, command, success } = parsed.value;
    const data = isRecord(parsed.value.data) ? parsed.value.data : undefined;
    const setting = typeof id === 'string' ? this.#pending.get(id) : undefined;
    if (setting !== undefined && typeof id === 'string') {
      this.#pending.delete(id);
      // Taken: the level asked for is the agent's until it says otherwise (it may fit it to the
      // model, said in its event or the get_state asked next), so that nothing jumps back.
      if (setting === 'thinking' && success === true) this.#thinking = this.#wantedLevel ?? this.#thinking;
      if (!this.busyWith('thinking')) this.#wantedLevel = undefined;
      const error = typeof parsed.value.error === 'string' ? { error: parsed.value.error } : {};
      this.#outcome = success === true ? { setting, ok: true } : { setting, ok: false, ...error };
    }
    if (command === 'get_available_thinking_levels') {
      this.#levelsCommand = success === true;
      this.#levels = success === true ? readLevels(data?.levels) : undefined;
    } else if (success === true) {
      this.#answered(command, data);
    }
    this.#emit();
  }

  /** A successful answer about the model or the level. */
  #answered(command: unknown, data: Readonly<Record<string, unknown>> | undefined): void {
    if (command === 'get_state') {
      this.#setModel(readModel(data?.model));
      this.#thinking = readLevel(data?.thinkingLevel);
    } else if (command === 'set_model') {
      this.#setModel(readModel(data));
      this.ask(); // the level is fitted to the new model
    } else if (command === 'cycle_model' && data) {
      this.#setModel(readModel(data.model));
      this.#thinking = readLevel(data.thinkingLevel) ?? this.#thinking;
    } else if (command === 'cycle_thinking_level' && data) {
      this.#thinking = readLevel(data.level) ?? this.#thinking;
    } else if (command === 'set_thinking_level') {
      this.ask(); // the agent may have fitted the level to the model
    }
  }

  #setModel(model: ModelOption | undefined): void {
    const changed = (model && modelKey(model)) !== (this.#current && modelKey(this.#current));
    this.#current = model;
    if (!changed && !this.#greeted) return;
    this.#greeted = false;
    this.#levels = undefined;
    if (model && this.#levelsCommand !== false) this.#send({ type: 'get_available_thinking_levels' });
  }

  /** The changes waiting will not be answered (the connection closed, the agent ended or changed). */
  #unanswered(): void {
    if (this.#pending.size === 0) return;
    const setting = this.busy ?? 'model';
    this.#pending.clear();
    this.#wantedLevel = undefined;
    this.#outcome = { setting, ok: false, unanswered: true };
    this.#emit();
  }

  /** Send `command` with an id of this page's; `undefined` when it could not be sent. */
  #send(command: { readonly type: string; readonly [field: string]: unknown }): string | undefined {
    const id = `${ASK_PREFIX}${++this.#count}`;
    try {
      this.#controller.send({ ...command, id });
      return id;
    } catch {
      return undefined; // not connected: asked again on the next connection
    }
  }

  #emit(): void {
    this.#events.emit('change', this);
  }
}
