import type { ReactiveControllerHost } from 'lit';

/** Rows rendered beyond each edge of the visible ones. */
const OVERSCAN = 4;
/** Row height and visible rows assumed until the list is measured. */
const DEFAULT_ROW_HEIGHT = 26;
const DEFAULT_VISIBLE_ROWS = 8;

/** What the window reads and renders again: decides the rows rendered. */
interface Metrics {
  /** The list box's `scrollTop`. */
  scrollPosition: number;
  /** The measured height of a row that is not the active one. */
  rowHeight: number;
  /** The measured height of the list box. */
  viewHeight: number;
}

/**
 * The rows of a long list box worth rendering: those in view, a few more each side, and the
 * active one. Rows have a fixed height (the active one may grow past it); the list box is
 * measured while it is rendered (give `observe` to its `ref` and `onScroll` to its `scroll`
 * listener), and the host renders again when what is in view changes.
 */
export class VirtualWindow {
  readonly #host: ReactiveControllerHost & { readonly renderRoot: ParentNode };
  readonly #metrics: Metrics = {
    scrollPosition: 0,
    rowHeight: DEFAULT_ROW_HEIGHT,
    viewHeight: DEFAULT_ROW_HEIGHT * DEFAULT_VISIBLE_ROWS,
  };
  readonly #resize = new ResizeObserver(() => this.#measure());
  #listbox: HTMLElement | undefined;

  constructor(host: ReactiveControllerHost & { readonly renderRoot: ParentNode }) {
    this.#host = host;
  }

  /** The list box while it is rendered. */
  get listbox(): HTMLElement | undefined {
    return this.#listbox;
  }

  /** The list box's `ref`: watch its size while it is rendered. */
  readonly observe = (listbox: Element | undefined): void => {
    this.#resize.disconnect();
    this.#listbox = listbox as HTMLElement | undefined;
    if (listbox) this.#resize.observe(listbox);
  };

  /** The list box's `scroll` listener (scroll events do not bubble: the target is the list box). */
  readonly onScroll = (event: Event): void => {
    this.#set('scrollPosition', (event.target as Element).scrollTop);
  };

  /** A new list: back to the top. */
  toTop(): void {
    this.#set('scrollPosition', 0);
    if (this.#listbox) this.#listbox.scrollTop = 0;
  }

  /** The positions to render among `count` rows: the visible rows, a few more each side, and `active`. */
  positions(count: number, active: number): number[] {
    const { scrollPosition, rowHeight, viewHeight } = this.#metrics;
    const first = Math.max(0, Math.floor(scrollPosition / rowHeight) - OVERSCAN);
    const end = Math.min(count, Math.ceil((scrollPosition + viewHeight) / rowHeight) + OVERSCAN);
    const positions: number[] = [];
    for (let position = first; position < end; position++) positions.push(position);
    if (active < count && active < first) positions.unshift(active);
    if (active < count && active >= end) positions.push(active);
    return positions;
  }

  /** How many rows the list box shows at once (at least one). */
  pageSize(): number {
    this.#measure();
    return Math.max(1, Math.floor(this.#metrics.viewHeight / this.#metrics.rowHeight));
  }

  /** Scroll the row at `position` into view (instantly); once rendered, all of the active row. */
  reveal(position: number): void {
    const listbox = this.#listbox;
    if (!listbox) return;
    this.#measure();
    const { rowHeight } = this.#metrics;
    // Scroll no further than the row's top, and far enough to show its bottom.
    const top = position * rowHeight;
    const fromBottom = top + rowHeight - listbox.clientHeight;
    listbox.scrollTop = Math.min(top, Math.max(fromBottom, listbox.scrollTop));
    this.#set('scrollPosition', listbox.scrollTop);
    // Once rendered, all of it: the active option grows past its row to show a long label.
    void this.#host.updateComplete.then(() =>
      this.#host.renderRoot.querySelector('[aria-selected]')?.scrollIntoView({ block: 'nearest' }),
    );
  }

  /**
   * Scroll on through the active row when it is taller than the list box, by a box less a row
   * (a row at least), toward `direction`. `false` when it has no more to show that way: the
   * next key moves on.
   */
  readThrough(direction: 1 | -1): boolean {
    const listbox = this.#listbox;
    const option = listbox?.querySelector('[aria-selected]');
    if (!listbox || !option) return false;
    const view = listbox.clientHeight;
    const row = option.getBoundingClientRect();
    if (row.height <= view + 1) return false;
    const top = listbox.getBoundingClientRect().top + listbox.clientTop;
    const hidden = direction > 0 ? row.bottom - (top + view) : top - row.top;
    // Out of view altogether (the wheel took it away): moving brings the next one into view.
    if (hidden < 1 || hidden > row.height) return false;
    const before = listbox.scrollTop;
    listbox.scrollTop +=
      direction * Math.min(hidden, Math.max(this.#metrics.rowHeight, view - this.#metrics.rowHeight));
    this.#set('scrollPosition', listbox.scrollTop);
    return listbox.scrollTop !== before;
  }

  /** Read the real row height and list height (kept while the list is hidden). */
  #measure(): void {
    const listbox = this.#listbox;
    if (!listbox) return;
    // Not the active row: it grows to show all of a long option.
    const row = listbox.querySelector('[role="option"]:not([aria-selected])')?.getBoundingClientRect().height;
    if (row) this.#set('rowHeight', row);
    if (listbox.clientHeight > 0) this.#set('viewHeight', listbox.clientHeight);
  }

  /** As a Lit `@state` does: the host renders again when a value changes. */
  #set(key: keyof Metrics, value: number): void {
    if (this.#metrics[key] === value) return;
    this.#metrics[key] = value;
    this.#host.requestUpdate();
  }
}
