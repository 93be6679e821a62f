import { typeAheadMatch, type TypeAheadBuffer } from '../select/typeahead.js';
import { enterKind, isComposing } from './keys.js';

/** A list box that takes its keys from {@link onListKeydown}. */
export interface KeyedList {
  /** The list box (its height makes a page). */
  readonly listbox: HTMLElement | null | undefined;
  /** The active option's place. */
  readonly active: number;
  /** The options' labels, as type-ahead matches them. */
  labels(): readonly string[];
  /** The typed prefix, kept between keys. */
  readonly typeAhead: TypeAheadBuffer;
  /** Make another option active (and focus it). */
  moveTo(index: number): void;
  /** Do what the active option is for (Enter, Space). */
  pick(): void;
}

/**
 * The design's list box keys, for a list box whose active option has focus: ArrowUp/ArrowDown by
 * one, stopping at the ends, Home/End to the ends, PageUp/PageDown by the rows it shows, type-ahead
 * (a prefix typed within 700 ms), Enter or Space (when no prefix is being typed) pick the active
 * option. Keys with a modifier, and those of an IME composition, go on to the page.
 */
export function onListKeydown(event: KeyboardEvent, list: KeyedList): void {
  const count = list.labels().length;
  if (isComposing(event) || event.defaultPrevented || count === 0) return;
  if (enterKind(event) === 'plain') {
    event.preventDefault();
    if (!event.repeat) list.pick();
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === ' ' && !event.shiftKey && !list.typeAhead.typing(event.timeStamp)) {
    event.preventDefault();
    if (!event.repeat) list.pick();
    return;
  }
  const target = event.shiftKey ? undefined : listTarget(event.key, list.active, count, pageOf(list.listbox));
  if (target !== undefined) {
    event.preventDefault();
    list.moveTo(target);
    return;
  }
  if ([...event.key].length !== 1) return; // a named key (Tab, F2, Dead…)
  event.preventDefault();
  const match = typeAheadMatch(list.labels(), list.active, list.typeAhead.type(event.key, event.timeStamp));
  if (match >= 0) list.moveTo(match);
}

/** Where a navigation key moves the active option, within the list; `undefined` for other keys. */
function listTarget(key: string, active: number, count: number, page: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + page,
    PageUp: active - page,
    Home: 0,
    End: count - 1,
  };
  const target = Object.hasOwn(moves, key) ? moves[key] : undefined;
  return target === undefined ? undefined : Math.max(0, Math.min(count - 1, target));
}

/** How many options a page is: as many as the list box shows. */
function pageOf(listbox: HTMLElement | null | undefined): number {
  const row = listbox?.querySelector('[role="option"]')?.getBoundingClientRect().height ?? 0;
  return row > 0 && listbox ? Math.max(1, Math.floor(listbox.clientHeight / row)) : 1;
}
