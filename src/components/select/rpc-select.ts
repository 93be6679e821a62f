import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import type { SelectRequest } from '../../protocol/types.js';
import { cssomStyle } from '../shared/cssom-style.js';
import { RpcDialogElement } from '../shared/dialog-element.js';
import { FormValueDialogElement } from '../shared/form-value.js';
import { format } from '../shared/strings.js';
import { foldForMatch, TypeAheadBuffer, typeAheadMatch } from '../shared/typeahead.js';
import { selectStyles } from './rpc-select.styles.js';

/** When the filter field shows: for long lists (`auto`), always, or never. */
export type SelectFilterMode = 'auto' | 'always' | 'never';

/** Rows rendered beyond each edge of the visible ones. */
const OVERSCAN = 4;
/** Row height and visible rows assumed until the list is measured. */
const DEFAULT_ROW_HEIGHT = 26;
const DEFAULT_VISIBLE_ROWS = 8;

const filterConverter = {
  fromAttribute(value: string | null): SelectFilterMode {
    if (value === null || value === 'auto') return 'auto';
    return value === 'never' ? 'never' : 'always';
  },
};

/**
 * Pick one option (`select`): an inline list box named by the title, no popup, so nothing is
 * clipped. The first option starts active; ArrowUp/ArrowDown move by one and stop at the ends
 * (no wrap), Home/End jump to the ends, PageUp/PageDown move by the visible rows, and typing
 * jumps to the next option starting with what was typed (within 700 ms; the same letter again
 * cycles). Enter, a click, Ctrl/Cmd+Enter or the Submit button answer `{value}` with the active
 * option exactly as received; Escape or Cancel answer `{cancelled: true}`.
 *
 * Long lists stay fast: rows have a fixed height and only the visible ones (plus a few) are
 * rendered, each with `aria-setsize`/`aria-posinset`. Lists longer than `filterThreshold` get a
 * filter field (a combobox controlling the list box) that narrows the options by
 * case-insensitive substring and starts with focus.
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
 * @csspart empty - the text shown when no option matches the filter
 * @cssprop --rpc-option-height - the height of every option row (default `2em`)
 * @cssprop --rpc-select-rows - how many rows the list shows before it scrolls (default 8)
 * @cssprop --rpc-list-active-background - the active option (falls back to `--vscode-list-activeSelectionBackground`)
 * @cssprop --rpc-list-active-foreground - the active option's text (falls back to `--vscode-list-activeSelectionForeground`)
 * @cssprop --rpc-list-hover-background - an option under the pointer (falls back to `--vscode-list-hoverBackground`)
 */
export class RpcSelect extends FormValueDialogElement<SelectRequest> {
  static override styles = [...RpcDialogElement.styles, selectStyles];

  /**
   * When to show the filter field: `auto` (more than `filterThreshold` options), `always` (the
   * bare `filter` attribute), or `never`.
   */
  @property({ converter: filterConverter }) filter: SelectFilterMode = 'auto';

  /** In `auto` filter mode, the number of options above which the filter field shows. */
  @property({ type: Number, attribute: 'filter-threshold' }) filterThreshold = 10;

  /** Position of the active option among the shown (filtered) ones. */
  @state() private active = 0;
  @state() private query = '';
  @state() private announcement = '';
  @state() private scrollPosition = 0;
  @state() private rowHeight = DEFAULT_ROW_HEIGHT;
  @state() private viewHeight = DEFAULT_ROW_HEIGHT * DEFAULT_VISIBLE_ROWS;

  readonly #typeAhead = new TypeAheadBuffer();
  readonly #resize = new ResizeObserver(() => this.#measure());
  #observed: Element | null = null;
  #folded: readonly string[] = [];
  #foldedFrom: readonly string[] | undefined;
  /** Indices of the options that match the filter, or `undefined` for all of them. */
  #matches: readonly number[] | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#observe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
    this.#observed = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const has = (key: string) => (changed as Map<PropertyKey, unknown>).has(key);
    if (has('request')) {
      this.active = 0;
      this.query = '';
      this.announcement = '';
      this.scrollPosition = 0;
      this.#typeAhead.reset();
    } else if (has('query')) {
      this.#matches = this.#filtered();
      const count = this.#count;
      this.announcement = count ? format(this.text.matchCount, { count }) : this.text.noMatches;
    }
    if (has('request') || has('filter') || has('filterThreshold')) this.#matches = this.#filtered();
    if (this.active >= this.#count) this.active = Math.max(0, this.#count - 1);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const listbox = this.#listbox;
    if (changed.has('request') && listbox) listbox.scrollTop = 0;
    this.#observe();
  }

  protected override renderBody(request: SelectRequest): TemplateResult {
    const text = this.text;
    const filter = this.#filterShown;
    const count = this.#count;
    const activeId = count > 0 ? this.#optionId(this.active) : undefined;
    return html`
      ${
        filter
          ? html`<label class="filter-label" part="filter-label" for="filter">${text.filterLabel}</label>
            <input
              id="filter"
              part="filter"
              type="text"
              role="combobox"
              aria-expanded=${count > 0 ? 'true' : 'false'}
              aria-controls="listbox"
              aria-autocomplete="list"
              aria-activedescendant=${activeId ?? nothing}
              autocomplete="off"
              spellcheck="false"
              .value=${live(this.query)}
              @input=${this.#onInput}
              @keydown=${this.#onKeydown}
            />`
          : nothing
      }
      <div
        id="listbox"
        role="listbox"
        part="listbox"
        aria-labelledby="title"
        aria-activedescendant=${activeId ?? nothing}
        tabindex=${filter ? '-1' : '0'}
        ?hidden=${count === 0}
        ${cssomStyle({ '--_count': String(count) })}
        @keydown=${this.#onKeydown}
        @click=${this.#onClick}
        @scroll=${this.#onScroll}
      >${this.#windowPositions(count).map((position) => this.#renderOption(request, position, count))}</div>
      ${count === 0 ? html`<p class="empty" part="empty">${text.noMatches}</p>` : nothing}
      <div id="match-count" class="visually-hidden" aria-live="polite">${this.announcement}</div>
    `;
  }

  protected override renderActions(): TemplateResult {
    return this.renderSubmitActions(this.#submit, { submitDisabled: this.#count === 0 });
  }

  protected override primaryAction(): void {
    this.#submit();
  }

  protected override initialFocus(): HTMLElement | null {
    const selector = this.#filterShown ? '#filter' : this.#count > 0 ? '#listbox' : '[data-action="cancel"]';
    return this.renderRoot.querySelector<HTMLElement>(selector);
  }

  #renderOption(request: SelectRequest, position: number, count: number): TemplateResult {
    const index = this.#indexAt(position) ?? 0;
    const active = position === this.active;
    return html`<div
      id=${`option-${index}`}
      class="option"
      role="option"
      part=${active ? 'option active-option' : 'option'}
      aria-selected=${active ? 'true' : nothing}
      aria-setsize=${count}
      aria-posinset=${position + 1}
      data-position=${position}
      ${cssomStyle({ '--_pos': String(position) })}
    >${request.options[index]}</div>`;
  }

  get #listbox(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('#listbox');
  }

  get #filterShown(): boolean {
    const total = this.request?.options.length ?? 0;
    return this.filter === 'always' || (this.filter === 'auto' && total > this.filterThreshold);
  }

  /** How many options are shown (after the filter). */
  get #count(): number {
    return this.#matches?.length ?? this.request?.options.length ?? 0;
  }

  /** The index in `request.options` of the option shown at `position`. */
  #indexAt(position: number): number | undefined {
    return this.#matches ? this.#matches[position] : position;
  }

  #optionId(position: number): string {
    return `option-${this.#indexAt(position) ?? 0}`;
  }

  /** The options in lower case, computed once per request. */
  #foldedOptions(): readonly string[] {
    const options = this.request?.options ?? [];
    if (this.#foldedFrom !== options) {
      this.#folded = options.map(foldForMatch);
      this.#foldedFrom = options;
    }
    return this.#folded;
  }

  #filtered(): readonly number[] | undefined {
    const query = foldForMatch(this.query);
    if (!query || !this.#filterShown) return undefined;
    const matches: number[] = [];
    this.#foldedOptions().forEach((label, index) => {
      if (label.includes(query)) matches.push(index);
    });
    return matches;
  }

  /** The positions to render: the visible rows, a few more each side, and the active one. */
  #windowPositions(count: number): number[] {
    const first = Math.max(0, Math.floor(this.scrollPosition / this.rowHeight) - OVERSCAN);
    const end = Math.min(
      count,
      Math.ceil((this.scrollPosition + this.viewHeight) / this.rowHeight) + OVERSCAN,
    );
    const positions: number[] = [];
    for (let position = first; position < end; position++) positions.push(position);
    const active = this.active;
    if (active < count && active < first) positions.unshift(active);
    if (active < count && active >= end) positions.push(active);
    return positions;
  }

  #observe(): void {
    const listbox = this.#listbox;
    if (listbox === this.#observed) return;
    this.#resize.disconnect();
    if (listbox) this.#resize.observe(listbox);
    this.#observed = listbox;
  }

  /** Read the real row height and list height (kept while the list is hidden). */
  #measure(): void {
    const listbox = this.#listbox;
    if (!listbox) return;
    const row = listbox.querySelector('[role="option"]')?.getBoundingClientRect().height;
    if (row) this.rowHeight = row;
    if (listbox.clientHeight > 0) this.viewHeight = listbox.clientHeight;
  }

  #pageSize(): number {
    this.#measure();
    return Math.max(1, Math.floor(this.viewHeight / this.rowHeight));
  }

  /** Make `position` active and scroll it into view (instantly). */
  #moveTo(position: number): void {
    const target = Math.max(0, Math.min(this.#count - 1, position));
    this.active = target;
    const listbox = this.#listbox;
    if (!listbox) return;
    this.#measure();
    const top = target * this.rowHeight;
    const bottom = top + this.rowHeight;
    if (top < listbox.scrollTop) listbox.scrollTop = top;
    else if (bottom > listbox.scrollTop + listbox.clientHeight)
      listbox.scrollTop = bottom - listbox.clientHeight;
    this.scrollPosition = listbox.scrollTop;
  }

  #now(): number {
    return this.clockInUse.now();
  }

  #onKeydown = (event: KeyboardEvent): void => {
    if (event.isComposing || event.defaultPrevented || this.settled) return;
    const inFilter = event.currentTarget instanceof HTMLInputElement;
    const modified = event.ctrlKey || event.metaKey || event.altKey;
    if (!modified && !event.shiftKey) {
      const target = this.#navigationTarget(event.key, inFilter);
      if (target !== undefined) {
        if (this.#count === 0) return;
        event.preventDefault();
        this.#moveTo(target);
        return;
      }
      if (event.key === 'Enter') {
        if (this.#count === 0) return;
        event.preventDefault();
        this.#submit();
        return;
      }
    }
    if (!inFilter && !modified) this.#onTypeAhead(event);
  };

  /** Where a navigation key goes, or `undefined` for other keys. In the filter, Home/End move the caret. */
  #navigationTarget(key: string, inFilter: boolean): number | undefined {
    switch (key) {
      case 'ArrowDown':
        return this.active + 1;
      case 'ArrowUp':
        return this.active - 1;
      case 'PageDown':
        return this.active + this.#pageSize();
      case 'PageUp':
        return this.active - this.#pageSize();
      case 'Home':
        return inFilter ? undefined : 0;
      case 'End':
        return inFilter ? undefined : this.#count - 1;
      default:
        return undefined;
    }
  }

  #onTypeAhead(event: KeyboardEvent): void {
    const key = event.key;
    if ([...key].length !== 1) return; // a named key (Tab, F2, Dead...)
    const now = this.#now();
    if (key === ' ' && !this.#typeAhead.typing(now)) return;
    event.preventDefault();
    const prefix = this.#typeAhead.type(key, now);
    const folded = this.#foldedOptions();
    const shown = this.#matches?.map((index) => folded[index] ?? '') ?? folded;
    const match = typeAheadMatch(shown, this.active, prefix);
    if (match >= 0) this.#moveTo(match);
  }

  #onInput = (event: Event): void => {
    if (!(event.currentTarget instanceof HTMLInputElement)) return;
    this.query = event.currentTarget.value;
    this.active = 0;
    this.scrollPosition = 0;
    const listbox = this.#listbox;
    if (listbox) listbox.scrollTop = 0;
  };

  #onClick = (event: MouseEvent): void => {
    if (this.settled || !(event.target instanceof Element)) return;
    const option = event.target.closest<HTMLElement>('[role="option"]');
    const position = Number(option?.dataset.position);
    if (!option || !Number.isInteger(position)) return;
    this.active = position;
    this.#submit();
  };

  #onScroll = (): void => {
    const listbox = this.#listbox;
    if (listbox) this.scrollPosition = listbox.scrollTop;
  };

  #submit = (): void => {
    const index = this.#count > 0 ? this.#indexAt(this.active) : undefined;
    const value = index === undefined ? undefined : this.request?.options[index];
    if (value !== undefined) this.submit(value);
  };
}
