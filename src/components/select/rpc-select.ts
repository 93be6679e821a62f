/**
 * `rpc-select`: long because it is one list box with its keyboard, filter and form value; its
 * type-ahead and virtual window are beside it.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import { ref } from 'lit/directives/ref.js';
import { elidedItems } from '../../protocol/chunks.js';
import type { SelectRequest } from '../../protocol/types.js';
import { type AnsiTextOptions, ansiText } from '../ansi-text/ansi-text.js';
import { cssomStyle } from '../internal/cssom-style.js';
import { cutNote } from '../dialog/cut-text.js';
import { FormValueDialogElement } from '../dialog/form-value.js';
import { enterKind, isComposing } from '../internal/keys.js';
import { format } from '../strings/format.js';
import { dialogEnglish, selectEnglish } from '../strings/dialog-strings.js';
import { type Strings } from '../strings/strings.js';
import { foldAll, foldForMatch, TypeAheadBuffer, typeAheadMatch } from './typeahead.js';
import { selectStyles } from './rpc-select.styles.js';
import { VirtualWindow } from './virtual-window.js';

/** When the filter field shows: for long lists (`auto`), always, or never. */
export type SelectFilterMode = 'auto' | 'always' | 'never';

/**
 * A press on an option leaves focus where it is (its click picks it, or a first tap makes it
 * active): only the keyboard and a screen reader move focus among the options.
 */
const keepFocus = (event: Event) => event.preventDefault();

const filterConverter = {
  fromAttribute: (value: string | null): SelectFilterMode =>
    value === null || value === 'auto' ? 'auto' : value === 'never' ? 'never' : 'always',
};

/**
 * Pick one option (`select`): an inline list box named by the title, no popup, so nothing is
 * clipped. Focus is on the active option itself (a roving focus, not `aria-activedescendant`), so
 * that an option a screen reader focuses from its browse mode becomes the active one: what the
 * person heard last is what Enter answers (docs/accessibility.md says why). The first option starts
 * active; ArrowUp/ArrowDown move by one and stop at the ends
 * (no wrap), Home/End jump to the ends, PageUp/PageDown move by the visible rows, and typing
 * jumps to the next option starting with what was typed (within 700 ms; the same letter again
 * cycles). An active option taller than the list box is read to its end first: the arrows
 * scroll through it before they move on. Enter, a click, Ctrl/Cmd+Enter or the Submit button
 * answer `{value}` with the active option exactly as received (a tap on another option than the
 * active one first makes it active, shown in full); Escape or Cancel answer `{cancelled: true}`.
 *
 * Long lists stay fast: rows have a fixed height and only the visible ones (plus a few) are
 * rendered, each with `aria-setsize`/`aria-posinset`. The active row grows to show all of a long
 * or multi-line option. Lists longer than `filterThreshold` get a filter field (a combobox
 * controlling the list box) that narrows the options by substring and starts with focus.
 * Options show their ANSI colours and styles, as the title does (at most 100,000 characters of
 * each); type-ahead and the filter match the text shown, without escape codes, ignoring case,
 * accents and compatibility forms ("e" finds "é", "A" the fullwidth "Ａ", "ss" finds "ß").
 *
 * Options may have descriptions (oh-my-pi's `optionDetails`, by index): each shows under its
 * label, smaller, and is the option's accessible description; the filter and type-ahead search
 * them too (type-ahead goes to a label that starts with what was typed first, else to a
 * description that does). The answer is still the option itself. A list the agent cut to fit its
 * frame (its last item says `…[N items elided for RPC frame]`) does not offer that item; a line
 * under the list says how many options were left out.
 *
 * Form-associated: with a `name`, the chosen option is the form value.
 *
 * @tagname rpc-select
 * @summary The select dialog.
 * @csspart filter-label - the filter field's label
 * @csspart filter - the filter field
 * @csspart listbox - the list of options
 * @csspart option - every rendered option
 * @csspart active-option - the active option
 * @csspart option-label - an option's label, in a list with descriptions
 * @csspart option-description - an option's description, under its label
 * @csspart empty - the text shown when no option matches the filter
 * @cssprop --rpc-option-height - the height of every option row (default `2em`, `3.2em` in a list with descriptions)
 * @cssprop --rpc-select-rows - how many rows the list shows before it scrolls (default 8)
 * @cssprop --rpc-list-active-background - the active option (falls back to `--vscode-list-activeSelectionBackground`)
 * @cssprop --rpc-list-active-foreground - the active option's text (falls back to `--vscode-list-activeSelectionForeground`)
 * @cssprop --rpc-list-hover-background - an option under the pointer (falls back to `--vscode-list-hoverBackground`)
 */
export class RpcSelect extends FormValueDialogElement<SelectRequest> {
  static override styles = [...FormValueDialogElement.styles, selectStyles];

  /**
   * When to show the filter field: `auto` (more than `filterThreshold` options), `always` (the
   * bare `filter` attribute), or `never`.
   */
  @property({ converter: filterConverter })
  filter: SelectFilterMode = 'auto';

  /** In `auto` filter mode, the number of options above which the filter field shows. */
  @property({ type: Number, attribute: 'filter-threshold' })
  filterThreshold = 10;

  /** Position of the active option among the shown (filtered) ones. */
  @state()
  private active = 0;

  /** The filter field's text. */
  @state()
  private query = '';

  readonly #typeAhead = new TypeAheadBuffer();
  /** The rows of the list box rendered: those in view, and the active one. */
  readonly #window = new VirtualWindow(this);
  /** The indices in `request.options` of the options shown: all, or those that match the filter. */
  #shown: readonly number[] = [];
  /** Each option's description (`''` for none), or `undefined` when no option has one. */
  #descriptions: readonly string[] | undefined;
  /** How many items the agent cut from the list (its last item then says so: it is no option). */
  #cut = 0;
  /** How many options match the filter, for screen readers (set when the filter changes). */
  #announcement = '';
  /** Whether focus was on an option before this render (which may take its row away). */
  #focusWasInList = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#focusWasInList = this.#focusInList;
    const has = (key: string) => (changed as Map<PropertyKey, unknown>).has(key);
    const newRequest = has('request');
    if (newRequest) {
      // What the list holds besides its labels: descriptions by index, and the agent's cut.
      const request = this.request;
      const details = request?.optionDetails;
      this.#descriptions = details?.some((detail) => detail.description)
        ? request?.options.map((_, index) => details[index]?.description ?? '')
        : undefined;
      this.#cut = elidedItems(request?.options ?? []);
      this.query = '';
      this.#announcement = '';
      this.#typeAhead.reset();
    }
    if (newRequest || has('query') || has('filter') || has('filterThreshold')) this.#shown = this.#filtered();
    const count = this.#shown.length;
    if (newRequest || has('query')) {
      // A new list starts at the top.
      this.active = 0;
      this.#window.toTop();
    } else if (this.active >= count) this.active = Math.max(0, count - 1);
    if (has('query') && !newRequest)
      this.#announcement = count ? format(this.text.matchCount, { count }, this.locale) : this.text.noMatches;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Focus on the options follows the active one: when it moves, and when the wheel took the
    // focused row out of the window (the active row always shows). The scroll is the window's.
    const row = this.#activeRow;
    if (this.#focusWasInList && row && this.shadowRoot?.activeElement !== row)
      row.focus({ preventScroll: true });
  }

  /** Whether focus is on an option. */
  get #focusInList(): boolean {
    return this.#window.listbox?.contains(this.shadowRoot?.activeElement ?? null) ?? false;
  }

  protected override get text(): Strings<typeof dialogEnglish & typeof selectEnglish> {
    return this.textFor({ ...dialogEnglish, ...selectEnglish });
  }

  protected override renderBody(request: SelectRequest): TemplateResult {
    const text = this.text;
    const agentText = { truncated: text.textTruncated, locale: this.locale };
    const filter = this.#filterShown;
    const count = this.#shown.length;
    const activeId = count > 0 ? `option-${this.#shown[this.active]}` : nothing;
    // With the filter, focus stays in it (the combobox pattern) and names the active option.
    return html`${
      filter
        ? html`<label class="filter-label" part="filter-label" for="filter">${text.filterLabel}</label>
          <input id="filter" part="filter" type="text" role="combobox" aria-expanded=${count > 0}
            aria-controls="listbox" aria-autocomplete="list" aria-activedescendant=${activeId}
            autocomplete="off" spellcheck="false" .value=${live(this.query)} @input=${this.#onInput}
            @keydown=${this.#onKeydown} />`
        : nothing
    }
      <div id="listbox" role="listbox" part="listbox" class=${this.#descriptions ? 'described' : nothing}
        aria-labelledby="title" ?hidden=${count === 0} ${cssomStyle({ '--_count': String(count) })}
        ${ref(this.#window.observe)} @keydown=${this.#onKeydown} @mousedown=${keepFocus} @click=${this.#onClick} @focusin=${this.#onFocusin}
        @scroll=${this.#window.onScroll}
      >${repeat(
        this.#window.positions(count, this.active),
        // Keyed: a row stays the same element while it shows, so focus stays on its option.
        (position) => this.#shown[position],
        (position) => this.#renderOption(request, position, count, agentText),
      )}</div>
      ${count === 0 ? html`<p class="empty" part="empty">${text.noMatches}</p>` : nothing}
      ${cutNote('options-cut', text.optionsCut, this.#cut, this.locale)}
      <div id="match-count" class="visually-hidden" aria-live="polite">${this.#announcement}</div>`;
  }

  protected override describedBy(): string[] {
    return this.#cut ? ['options-cut'] : [];
  }

  protected override renderActions(): TemplateResult {
    return this.renderSubmitActions(this.primaryAction, { submitDisabled: this.#shown.length === 0 });
  }

  /** The active option, exactly as received. */
  protected override get pendingValue(): string | undefined {
    const index = this.#shown[this.active];
    return index === undefined ? undefined : this.request?.options[index];
  }

  protected override initialFocus(): HTMLElement | null {
    if (this.#filterShown) return this.renderRoot.querySelector('#filter');
    return this.#activeRow ?? this.renderRoot.querySelector('[data-action="cancel"]');
  }

  /** The active option's row, while any option shows. */
  get #activeRow(): HTMLElement | null {
    const index = this.#shown[this.active];
    return index === undefined ? null : this.renderRoot.querySelector(`#option-${index}`);
  }

  #renderOption(
    request: SelectRequest,
    position: number,
    count: number,
    agentText: AnsiTextOptions,
  ): TemplateResult {
    const index = this.#shown[position] ?? 0;
    const active = position === this.active;
    const label = ansiText(request.options[index] ?? '', agentText);
    const descriptions = this.#descriptions;
    const description = descriptions?.[index];
    const id = `option-${index}`;
    // Tab reaches the active option (the filter instead, when it shows); a screen reader may
    // focus any other one.
    const tabIndex = active && !this.#filterShown ? '0' : '-1';
    // Named by its label (the description is hidden from its name), described by its description:
    // inside the option, so rendered with it whatever the window shows.
    return html`<div id=${id} class="option" role="option" tabindex=${tabIndex}
      part=${active ? 'option active-option' : 'option'} aria-selected=${active ? 'true' : nothing}
      aria-describedby=${description ? `${id}-description` : nothing}
      aria-setsize=${count} aria-posinset=${position + 1} data-position=${position}
      ${cssomStyle({ '--_pos': String(position) })}>${
        descriptions
          ? html`<span class="label" part="option-label">${label}</span>${
              description
                ? html`<span id="${id}-description" class="description" part="option-description"
                  aria-hidden="true">${ansiText(description, agentText)}</span>`
                : nothing
            }`
          : label
      }</div>`;
  }

  get #filterShown(): boolean {
    return this.filter === 'always' || (this.filter === 'auto' && this.#offered > this.filterThreshold);
  }

  /** How many options the list offers: all but the agent's note of a cut. */
  get #offered(): number {
    return (this.request?.options.length ?? 0) - (this.#cut ? 1 : 0);
  }

  #filtered(): number[] {
    const query = this.#filterShown ? foldForMatch(this.query) : '';
    // Without a query every option is shown: opening does not fold 10,000 labels.
    const labels = query ? foldAll(this.request?.options ?? []) : [];
    const descriptions = query && this.#descriptions ? foldAll(this.#descriptions) : [];
    const shown: number[] = [];
    for (let index = 0; index < this.#offered; index++)
      if (!query || labels[index]?.includes(query) || descriptions[index]?.includes(query)) shown.push(index);
    return shown;
  }

  /** Make `position` active and scroll it into view (instantly); focus follows it (see `updated`). */
  #moveTo(position: number): void {
    const target = Math.max(0, Math.min(this.#shown.length - 1, position));
    this.active = target;
    this.#window.reveal(target);
  }

  // Lit calls the listeners below with the element as `this`.

  #onKeydown(event: KeyboardEvent): void {
    // An IME composition's keys are the input method's.
    if (isComposing(event) || event.defaultPrevented || this.settled) return;
    if (enterKind(event) === 'plain') {
      if (this.#shown.length === 0) return;
      event.preventDefault();
      // A held-down Enter repeats: it must not answer the next dialog too.
      if (!event.repeat) this.primaryAction();
      return;
    }
    const inFilter = event.currentTarget !== this.#window.listbox;
    const modified = event.ctrlKey || event.metaKey || event.altKey;
    const read = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    // An active option taller than the list box: the arrows read it to its end before moving on.
    if (read && !modified && !event.shiftKey && this.#window.readThrough(read)) {
      event.preventDefault();
      return;
    }
    const target = modified || event.shiftKey ? undefined : this.#navigationTarget(event.key, inFilter);
    if (target === undefined) {
      if (!inFilter && !modified) this.#onTypeAhead(event);
    } else if (this.#shown.length > 0) {
      event.preventDefault();
      this.#moveTo(target);
    }
  }

  /**
   * Where a navigation key goes (Enter: the active option, to pick it), or `undefined` for other
   * keys. In the filter, Home/End move the caret.
   */
  #navigationTarget(key: string, inFilter: boolean): number | undefined {
    switch (key) {
      case 'ArrowDown':
        return this.active + 1;
      case 'ArrowUp':
        return this.active - 1;
      case 'PageDown':
        return this.active + this.#window.pageSize();
      case 'PageUp':
        return this.active - this.#window.pageSize();
      case 'Home':
        return inFilter ? undefined : 0;
      case 'End':
        return inFilter ? undefined : this.#shown.length - 1;
      default:
        return undefined;
    }
  }

  #onTypeAhead(event: KeyboardEvent): void {
    const key = event.key;
    if ([...key].length !== 1) return; // a named key (Tab, F2, Dead...)
    const now = this.clockInUse.now();
    if (key === ' ' && !this.#typeAhead.typing(now)) return;
    event.preventDefault();
    const prefix = this.#typeAhead.type(key, now);
    const options = this.request?.options ?? [];
    const match = typeAheadMatch(options, this.active, prefix, this.#shown, this.#descriptions);
    if (match >= 0) this.#moveTo(match);
  }

  #onFocusin(event: FocusEvent): void {
    // Focus on another option than the active one: a screen reader's browse mode put it there (a
    // press keeps focus where it is). That option is the one the person heard: it is active now.
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (option && !this.settled) this.active = Number(option.dataset.position);
  }

  #onInput(event: Event): void {
    this.query = (event.currentTarget as HTMLInputElement).value;
  }

  #onClick(event: MouseEvent): void {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    // (The second click of a double click, on the next dialog, is the stray-input guard's.)
    if (this.settled || !option) return;
    const position = Number(option.dataset.position);
    // A finger cannot hover to read an option cut short: a first tap on another option makes it
    // the active one (shown in full), a tap on the active one picks it.
    if ((event as PointerEvent).pointerType === 'touch' && position !== this.active) {
      this.#moveTo(position);
      return;
    }
    this.active = position;
    this.primaryAction();
  }
}
