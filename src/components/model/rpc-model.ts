/** `rpc-model`, the agent's model and how hard it thinks: a list box of models and a radio group. */
import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import { AgentModelChoice } from '../../controller/model-choice.js';
import { type ModelOption, modelKey, type ThinkingLevel } from '../../protocol/models.js';
import { plainText } from '../ansi-text/ansi-text.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { RovingList } from '../reactive/roving-list.js';
import { format } from '../strings/format.js';
import { modelEnglish } from '../strings/model-strings.js';
import type { Strings } from '../strings/strings.js';
import { tokenCount } from '../strings/numbers.js';
import { modelStyles } from './rpc-model.styles.js';

export {
  AgentModelChoice,
  type ModelChoiceOutcome,
  type ModelSetting,
} from '../../controller/model-choice.js';
export { type ModelOption, readModel, readModels, type ThinkingLevel } from '../../protocol/models.js';

type ModelText = Strings<typeof modelEnglish>;

/** The strings of the levels the agents name; another agent's own level is shown as it names it. */
const LEVEL_NAMES: Readonly<Record<string, `thinking${string}` & keyof ModelText>> = {
  off: 'thinkingOff',
  minimal: 'thinkingMinimal',
  low: 'thinkingLow',
  medium: 'thinkingMedium',
  high: 'thinkingHigh',
  xhigh: 'thinkingXhigh',
  max: 'thinkingMax',
  auto: 'thinkingAuto',
};

/**
 * The agent's model and thinking level, bound to an {@link ExtensionUIController}: the models the
 * agent can use (`get_available_models`: each with its name, provider and context window, the one
 * it is on marked in words and with an edge), and the thinking levels that model takes, as a
 * radio group (or, for a model that does not think, a line that says so). Choosing a model sends
 * `set_model`, a level `set_thinking_level`; the next turn uses them. Another tab's change, or a
 * new agent process, shows here too (pi says nothing of a change an extension makes: it shows at
 * the next greeting). Works with any transport:
 * these are the agent's own commands, which the rpc-ui bridge passes.
 *
 * Keyboard (the design's list box pattern): the list is one tab stop, with focus on its active
 * option; ArrowUp/ArrowDown, Home/End, PageUp/PageDown and type-ahead move it; Enter or Space
 * choose the active model, as a click does. The levels are native radio buttons (arrows choose).
 * What happened is said in a polite status region and, when a change failed, in an alert, in the
 * agent's words; both are there from the first render. Model names are text, never markup.
 *
 * @tagname rpc-model
 * @summary The agent's model and thinking level: a list of models and the levels of the current one.
 * @csspart base - the labelled region holding everything
 * @csspart title - the panel's title, its accessible name
 * @csspart current - the line naming the model the agent is on
 * @csspart list - the list box of models
 * @csspart model - one model; also `model-current` for the one the agent is on
 * @csspart name - a model's name
 * @csspart meta - a model's provider, context window and "Current"
 * @csspart note - what stands for the list: asking, none
 * @csspart thinking - the thinking levels' group
 * @csspart level - one level's label
 * @csspart status - what happened, a polite live region
 * @csspart error - why a change failed, an alert
 * @cssprop --rpc-model-max-height - the list's height before it scrolls (default 16rem)
 * @cssprop --rpc-model-background - the list's background (defaults to the widget background)
 * @cssprop --rpc-error-color - the edge of a failure
 */
export class RpcModel extends BoundElement {
  static override styles = [...BoundElement.styles, modelStyles];

  // The choice's own events render it, not the controller's state.
  protected static override renders: RenderedState = { parts: [] };

  #choice: AgentModelChoice | undefined;
  /** The list box's focus, by each model's `provider/id`. */
  readonly #list = new RovingList(this);

  protected override follow(controller: ExtensionUIController): () => void {
    const choice = (this.#choice = new AgentModelChoice(controller));
    const stops = [choice.on('change', () => this.requestUpdate()), choice.follow()];
    this.requestUpdate();
    return () => {
      for (const stop of stops) stop();
      if (this.#choice === choice) this.#choice = undefined;
    };
  }

  protected override render(): TemplateResult {
    const text = this.textFor(modelEnglish);
    const current = this.#choice?.current;
    return html`<div class="panel" part="base" role="region" aria-labelledby="title">
      <p class="title" part="title" id="title">${text.modelLabel}</p>
      <p class="current" part="current" ?hidden=${current === undefined}>
        ${text.modelCurrent}: <span class="name">${current ? this.#name(current, text) : ''}</span>
      </p>
      ${this.#renderList(text)} ${this.#renderThinking(text)}
      <p class="status" part="status" role="status">${this.#statusText(text)}</p>
      <!-- A failure said again is new text, heard again. -->
      <p class="error" part="error" role="alert">${keyed(this.#choice?.outcome, this.#errorText(text))}</p>
    </div>`;
  }

  #name(model: ModelOption, text: ModelText): string {
    return plainText(model.name, { truncated: text.textTruncated, locale: this.locale });
  }

  #renderList(text: ModelText): TemplateResult {
    const choice = this.#choice;
    const catalog = choice?.catalog;
    if (!catalog?.length) {
      const note = catalog === undefined ? text.modelWaiting : text.modelNone;
      return html`<p class="note" part="note">${note}</p>`;
    }
    const current = choice?.current && modelKey(choice.current);
    const active = this.#list.activeIndex(catalog.map(modelKey), current);
    return html`<div id="list" role="listbox" part="list" aria-label=${text.modelListLabel}
      aria-busy=${choice?.busyWith('model') ? 'true' : 'false'}
      @keydown=${this.#onKeydown} @click=${this.#onClick} @focusin=${this.#list.onFocusin}
      @focusout=${this.#list.onFocusout}>${repeat(
        catalog,
        (model) => modelKey(model),
        (model, index) => this.#renderOption(model, index === active, modelKey(model) === current, text),
      )}</div>`;
  }

  #renderOption(model: ModelOption, active: boolean, current: boolean, text: ModelText): TemplateResult {
    const window =
      model.contextWindow === undefined
        ? nothing
        : html` · ${format(text.modelContext, { window: tokenCount(model.contextWindow, this.locale) })}`;
    const provider = plainText(model.provider, { truncated: text.textTruncated, locale: this.locale });
    return html`<div role="option" part=${current ? 'model model-current' : 'model'}
      data-key=${modelKey(model)} tabindex=${active ? 0 : -1} aria-selected=${this.#list.selected(active)}
      aria-current=${current ? 'true' : nothing}>
      <span class="label" part="name">${this.#name(model, text)}</span>
      <span class="meta" part="meta">${provider}${window}${current ? html` · <span>${text.modelCurrent}</span>` : nothing}</span>
    </div>`;
  }

  #renderThinking(text: ModelText): TemplateResult | typeof nothing {
    const choice = this.#choice;
    if (!choice?.current) return nothing;
    const levels = choice.levels;
    // Only `off` (or none, oh-my-pi's answer for such a model): nothing to choose.
    if (levels.filter((level) => level !== 'off').length === 0)
      return html`<p class="note" part="thinking">${text.modelNoThinking}</p>`;
    return html`<fieldset part="thinking" @change=${this.#onLevel}>
      <legend>${text.modelThinking}</legend>
      ${levels.map(
        (level) => html`<label part="level"><input type="radio" name="thinking" .value=${level}
          .checked=${live(level === choice.shownThinking)}>${this.#levelName(level, text)}</label>`,
      )}
    </fieldset>`;
  }

  #levelName(level: ThinkingLevel, text: ModelText): string {
    const key = LEVEL_NAMES[level];
    return key ? text[key] : plainText(level, { truncated: text.textTruncated, locale: this.locale });
  }

  #statusText(text: ModelText): string {
    const choice = this.#choice;
    if (choice?.busy === 'model') return text.modelChanging;
    if (choice?.busy === 'thinking') return text.thinkingChanging;
    const outcome = choice?.outcome;
    if (!outcome?.ok) return '';
    if (outcome.setting === 'model')
      return format(text.modelChanged, { model: choice?.current ? this.#name(choice.current, text) : '' });
    const level = choice?.thinking;
    return level === undefined ? '' : format(text.thinkingChanged, { level: this.#levelName(level, text) });
  }

  #errorText(text: ModelText): string {
    const outcome = this.#choice?.outcome;
    if (!outcome || outcome.ok) return '';
    if (outcome.unsent) return text.modelUnsent;
    if (outcome.unanswered) return text.modelUnanswered;
    const error = plainText(outcome.error ?? '', { truncated: text.textTruncated, locale: this.locale });
    return format(outcome.setting === 'model' ? text.modelFailed : text.thinkingFailed, { error });
  }

  #choose(key: string | undefined): void {
    const choice = this.#choice;
    const model = choice?.catalog?.find((item) => modelKey(item) === key);
    const current = choice?.current;
    if (!choice || !model || choice.busyWith('model') || (current && modelKey(current) === key)) return;
    choice.choose(model);
  }

  #onKeydown = (event: KeyboardEvent): void => {
    const catalog = this.#choice?.catalog ?? [];
    const current = this.#choice?.current;
    const text = this.textFor(modelEnglish);
    this.#list.keydown(event, {
      keys: catalog.map(modelKey),
      fallback: current && modelKey(current),
      labels: () => catalog.map((model) => this.#name(model, text)),
      pick: (key) => this.#choose(key),
    });
  };

  #onClick = (event: MouseEvent): void => {
    this.#choose(this.#list.keyOf(event));
  };

  #onLevel = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    if (input.checked) this.#choice?.think(input.value);
  };
}
