import { waitUntil } from '@open-wc/testing';
import type { MemoryPeer } from '../../src/transport/memory.js';

/** One line the element sent, parsed. */
export type SentLine = Record<string, unknown>;

/**
 * What a panel's component test reads: its shadow root's elements and text, and the lines it
 * sent through the memory transport's `peer` (the last of a type, waited for).
 */
export function panelQueries(el: HTMLElement, peer: MemoryPeer) {
  const root = () => el.shadowRoot as ShadowRoot;
  const $ = <T extends Element = HTMLElement>(selector: string) => root().querySelector<T>(selector);
  const $$ = <T extends Element = HTMLElement>(selector: string) => [...root().querySelectorAll<T>(selector)];
  const sent = () => peer.received.map((line) => JSON.parse(line) as SentLine);
  /** The last message of this type the element sent after the first `after`, waited for. */
  const sentOf = async (type: string, after = 0) => {
    const ofType = () =>
      sent()
        .slice(after)
        .filter((line) => line.type === type);
    await waitUntil(() => ofType().length > 0, `no ${type} sent`);
    return ofType().at(-1) as SentLine;
  };
  /** The text of the first match, as read: white space collapsed. */
  const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const options = () => $$('#list [role="option"]');
  /** The option with focus. */
  const activeOption = () => root().activeElement as HTMLElement | null;
  return { root, $, $$, sent, sentOf, text, options, activeOption };
}
