/**
 * A page in any browser engine, as the end-to-end tests drive it by keyboard: Firefox over
 * WebDriver BiDi (puppeteer-core), WebKit over classic WebDriver (WebKitWebDriver), each the
 * engine's own, so a test written once means the same in every engine. Node only.
 */

/** A key the tests press, by its `KeyboardEvent.key` name. */
export type Key = 'Enter' | 'Escape' | 'ArrowDown' | 'ArrowUp' | 'End' | 'Tab' | 'Backspace' | '.';

/** A modifier held while a key is pressed. */
export type Modifier = 'Control' | 'Shift';

/** One open page of a browser engine. */
export interface EnginePage {
  /** The engine's name, as the tests print it: `firefox`, `webkit`. */
  readonly engine: string;
  /** The browser's version, as it gives it (`firefox/153.8.0esr`, `2.50.6`). */
  readonly version: string;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** The address the page is at now. */
  url(): Promise<string>;
  /** Evaluate a JavaScript expression in the page; its value, which must be JSON. */
  evaluate(expression: string): Promise<unknown>;
  /** Type text as key presses, one character at a time, into what has focus. */
  type(text: string): Promise<void>;
  /** Press and release `key`, holding `modifiers`. */
  press(key: Key, modifiers?: readonly Modifier[]): Promise<void>;
  close(): Promise<void>;
}

/** How an engine is started. */
export interface EngineOptions {
  /** The system asks for reduced motion (`prefers-reduced-motion: reduce`). */
  readonly reducedMotion?: boolean;
}

/** A browser engine: opens pages, each with a fresh profile or cookie jar where the engine can. */
export interface Engine {
  readonly name: string;
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Page-side: every element matching `selector`, in the document and every open shadow root. */
const DEEP = `(selector) => {
  const found = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll(selector)) found.push(el);
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return found;
}`;

/** What a test reads of the page: the open dialog and the element that really has focus. */
export interface PageState {
  readonly connection: string | null;
  /** The open dialog's title, or `null`. */
  readonly dialog: string | null;
  /** Its queue position ("1 of 3"), when shown. */
  readonly position: string | null;
  /** The value of its text field, when it has one. */
  readonly field: string | null;
  /** The tag and id of the element with focus, inside shadow roots (`input#field`). */
  readonly focus: string;
  /** The host's text, shadow roots included (notifications, the refusal). */
  readonly text: string;
  /** The agent line of the playground. */
  readonly agent: string | null;
}

/** Read {@link PageState} from the page. */
export async function pageState(page: EnginePage): Promise<PageState> {
  return (await page.evaluate(`(() => {
    const deep = ${DEEP};
    const dialog = deep('dialog[open]')[0];
    const root = dialog?.getRootNode();
    const field = root?.querySelector('#field');
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const host = document.querySelector('rpc-extension-ui');
    const texts = [];
    const collect = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === 3) texts.push(child.textContent);
        else collect(child);
      }
      if (node.shadowRoot) collect(node.shadowRoot);
    };
    if (host) collect(host);
    return {
      connection: host?.getAttribute('connection') ?? null,
      dialog: dialog ? (root.querySelector('#title')?.textContent ?? '') : null,
      position: root?.querySelector('#position')?.textContent?.trim() ?? null,
      field: field ? field.value : null,
      focus: active ? active.localName + (active.id ? '#' + active.id : '') : '',
      text: texts.join(' ').replace(/\\s+/g, ' '),
      agent: document.querySelector('#agent')?.textContent ?? null,
    };
  })()`)) as PageState;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `check` holds for the page's state (polls); the last state on a timeout. */
export async function waitFor(
  page: EnginePage,
  what: string,
  check: (state: PageState) => boolean,
  timeoutMs = 15_000,
): Promise<PageState> {
  const end = Date.now() + timeoutMs;
  let state = await pageState(page);
  while (!check(state)) {
    if (Date.now() > end)
      throw new Error(`${page.engine}: timed out waiting for ${what}; the page: ${JSON.stringify(state)}`);
    await sleep(50);
    state = await pageState(page);
  }
  return state;
}
