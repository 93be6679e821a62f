import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { TypeAheadBuffer } from '../select/typeahead.js';
import { onListKeydown } from '../internal/list-keys.js';

/** The element a {@link RovingList} serves: a Lit element whose shadow root holds `#list`. */
type ListHost = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * A panel's list box with a roving focus (the sessions', the models'): the list is `#list`, its
 * options carry their item's key in `data-key`, and the active one has `tabindex="0"` and focus.
 * It keeps which option is active by key (so that a new list keeps it), keeps focus in the list
 * when a new list re-renders the options, takes the design's keys ({@link onListKeydown}), and
 * makes an option focused from outside (a screen reader's browse mode) the active one. Focus
 * coming into the list lands on the current option.
 */
export class RovingList implements ReactiveController {
  readonly #host: ListHost;
  readonly #typeAhead = new TypeAheadBuffer();
  /** The key of the option made active, if any. */
  #active: string | undefined;
  /** Whether focus was in the list when the update began. */
  #focused = false;
  /** Whether focus is in the list now, as its focus events tell. */
  #within = false;

  constructor(host: ListHost) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdate(): void {
    this.#focused = this.#hasFocus();
  }

  hostUpdated(): void {
    if (this.#focused && !this.#hasFocus()) this.#activeOption()?.focus();
  }

  /** The active option's place: the one made active, else `fallback`'s (the current), else the first. */
  activeIndex(keys: readonly string[], fallback: string | undefined): number {
    const active = this.#active === undefined ? -1 : keys.indexOf(this.#active);
    if (active >= 0) return active;
    return Math.max(0, fallback === undefined ? 0 : keys.indexOf(fallback));
  }

  /** Make the option of `key` active, focused and in view. */
  moveTo(key: string): void {
    this.#active = key;
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => {
      const option = this.#activeOption();
      option?.focus();
      option?.scrollIntoView({ block: 'nearest' });
    });
  }

  /**
   * The list's keys: `keys` are the options' in order, `labels` what type-ahead matches,
   * `pick` does what the active option is for (Enter, Space).
   */
  keydown(
    event: KeyboardEvent,
    list: {
      readonly keys: readonly string[];
      readonly fallback: string | undefined;
      labels(): readonly string[];
      pick(key: string): void;
    },
  ): void {
    const active = this.activeIndex(list.keys, list.fallback);
    onListKeydown(event, {
      listbox: this.#list(),
      active,
      labels: list.labels,
      typeAhead: this.#typeAhead,
      moveTo: (index) => {
        const key = list.keys[index];
        if (key !== undefined) this.moveTo(key);
      },
      pick: () => {
        const key = list.keys[active];
        if (key !== undefined) list.pick(key);
      },
    });
  }

  /** The key of the option an event happened in, made active; `undefined` outside any option. */
  keyOf(event: Event): string | undefined {
    const key = (event.target as Element).closest<HTMLElement>('[role="option"]')?.dataset.key;
    if (key !== undefined && key !== this.#active) {
      this.#active = key;
      this.#host.requestUpdate();
    }
    return key;
  }

  /**
   * The `aria-selected` of an option: the active one is selected only while focus is in the list.
   * Orca moves its focus to an option a list box newly selects, whether the list has focus or not
   * (its default script's onSelectionChanged): a selection moving as the list changed (a session
   * started in another tab) took a person there from wherever they were.
   */
  selected(active: boolean): 'true' | 'false' {
    return active && this.#within ? 'true' : 'false';
  }

  /** For `@focusin`: an option focused from outside becomes the active one. */
  readonly onFocusin = (event: FocusEvent): void => {
    if (!this.#within) {
      this.#within = true;
      this.#host.requestUpdate();
    }
    this.keyOf(event);
  };

  /**
   * For `@focusout`: focus leaving the list forgets the option made active, so that coming back
   * lands on the current one (the list box pattern's selected option), not where it was left: a
   * session opened or a model chosen elsewhere (another tab) moves the tab stop with it.
   */
  readonly onFocusout = (event: FocusEvent): void => {
    const to = event.relatedTarget;
    if (to instanceof Node && this.#list()?.contains(to)) return;
    this.#within = false;
    this.#active = undefined;
    this.#host.requestUpdate();
  };

  #list(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('#list');
  }

  #activeOption(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('#list [role="option"][tabindex="0"]');
  }

  #hasFocus(): boolean {
    return this.#list()?.contains(this.#host.shadowRoot?.activeElement ?? null) ?? false;
  }
}
