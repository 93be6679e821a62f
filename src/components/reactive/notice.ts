import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';

/**
 * A brief note in a status region (`part="notice"`, polite) that clears itself after a while:
 * what an expired dialog leaves behind.
 */
export class Notice implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #text = '';
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Show `text` for `duration` milliseconds; `''` clears the note at once. */
  show(text: string, duration = 0): void {
    clearTimeout(this.#timer);
    this.#text = text;
    if (text) this.#timer = setTimeout(() => this.show(''), duration);
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  /**
   * The status region, with the note when there is one. It can take focus: it is where focus
   * goes when nothing else can.
   */
  render(): TemplateResult {
    return html`<div class="notice" part="notice" role="status" tabindex="-1">${this.#text}</div>`;
  }
}
