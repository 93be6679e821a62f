import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { localeFor, onStringsChange } from '../strings/locales.js';

/**
 * The language `element` is in, as HTML says: its own `lang` attribute or its nearest
 * ancestor's, across shadow roots up to the page's `<html lang>`; `''` when none says.
 */
export function langOf(element: Element): string {
  let node: Element | undefined = element;
  while (node) {
    const marked = node.closest('[lang]');
    if (marked) return marked.getAttribute('lang') ?? '';
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : undefined;
  }
  return '';
}

const bound = new Set<LangBinding>();
let watching = false;

/** One observer for the page: a `lang` set anywhere may change the language of any element. */
function watch(): void {
  if (watching) return;
  watching = true;
  new MutationObserver(() => {
    for (const binding of bound) binding.check();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['lang'] });
  onStringsChange(() => {
    for (const binding of bound) {
      binding.check();
      binding.host.requestUpdate();
    }
  });
}

/**
 * A Lit reactive controller that gives its host the locale of its strings (see `localeFor`)
 * from the language it is in (see {@link langOf}), and re-renders it when that changes: a `lang`
 * set on it, an ancestor or the page, or strings given after it rendered.
 */
export class LangBinding implements ReactiveController {
  readonly host: ReactiveControllerHost & Element;
  #locale = 'en';

  constructor(host: ReactiveControllerHost & Element) {
    this.host = host;
    host.addController(this);
  }

  /** The locale of the host's strings and of its plural rules: `en` unless strings were given for its language. */
  get locale(): string {
    return this.#locale;
  }

  hostConnected(): void {
    watch();
    bound.add(this);
    this.check();
  }

  hostDisconnected(): void {
    bound.delete(this);
  }

  /** Read the host's language again; re-render it if its locale changed. */
  check(): void {
    const locale = localeFor(langOf(this.host));
    if (locale === this.#locale) return;
    this.#locale = locale;
    this.host.requestUpdate();
  }
}
