/** The playground's protocol log: every line both ways, filterable, UI requests highlighted. */
import { stripAnsi } from '../protocol/ansi.js';

const LIMIT = 2000;

export class ProtocolLog {
  readonly #list: HTMLOListElement;
  readonly #count: HTMLElement | null;
  #filter = '';

  constructor(list: HTMLOListElement, count: HTMLElement | null, filter: HTMLInputElement | null) {
    this.#list = list;
    this.#count = count;
    filter?.addEventListener('input', () => {
      this.#filter = filter.value.toLowerCase();
      for (const item of this.#list.children) this.#apply(item as HTMLElement);
    });
  }

  /**
   * Add one line; `from` is the agent's side or ours. A line that is not JSON is the agent's own
   * output (an extension's console.log, on oh-my-pi). Text only, never HTML.
   */
  add(direction: 'in' | 'out', text: string): void {
    const output = direction === 'in' && !text.trimStart().startsWith('{');
    const kind = output ? 'output' : text.includes('"extension_ui_') ? 'ui' : undefined;
    this.#append(direction, kind, `${output ? 'agent output: ' : ''}${text}`);
  }

  /** Lines the agent wrote on stderr (the bridge relays them), one entry each, colours left out. */
  addStderr(lines: readonly string[]): void {
    for (const line of lines) this.#append('in', 'stderr', `agent stderr: ${stripAnsi(line)}`);
  }

  #append(direction: 'in' | 'out', kind: string | undefined, text: string): void {
    const item = document.createElement('li');
    item.className = direction;
    if (kind) item.classList.add(kind);
    const shown = text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
    item.textContent = `${direction === 'in' ? '←' : '→'} ${shown}`;
    this.#apply(item);
    this.#list.append(item);
    while (this.#list.childElementCount > LIMIT) this.#list.firstElementChild?.remove();
    if (this.#count) this.#count.textContent = String(this.#list.childElementCount);
  }

  #apply(item: HTMLElement): void {
    item.hidden = this.#filter !== '' && !(item.textContent ?? '').toLowerCase().includes(this.#filter);
  }
}
