import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import { AgentUsage, type SessionUsage } from '../../controller/usage.js';
import { plainText } from '../ansi-text/ansi-text.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { format } from '../strings/format.js';
import type { Strings } from '../strings/strings.js';
import { usageEnglish } from '../strings/usage-strings.js';
import { dollars, percentOf, tokenCount } from '../strings/numbers.js';
import { usageStyles } from './rpc-usage.styles.js';

export {
  AgentUsage,
  COMPACT_FROM_PERCENT,
  type CompactionOutcome,
  readSessionStats,
  type SessionUsage,
} from '../../controller/usage.js';

type UsageText = Strings<typeof usageEnglish>;

/**
 * What the session has used, as the agent counts it (`get_session_stats`), bound to an
 * {@link ExtensionUIController}: tokens in and out, the cache's reads and writes when there are
 * any, the cost from the model's prices, and how full the model's context is (a `<meter>` named
 * "Context used", with its value in words: "34% of 128K tokens"). Asked again after each turn,
 * each compaction and each greeting of the bridge; the figures are never announced (they change
 * with every turn, and are there to be read). Near the limit (80% of the context) it offers
 * **Compact now**, which asks the agent to compact the session (`compact`); how that went is said
 * in a polite status region, and a refusal in an alert in the agent's words.
 *
 * @tagname rpc-usage
 * @summary The session's tokens, cost and context fill.
 * @csspart base - the labelled group holding everything
 * @csspart title - the panel's title, its accessible name
 * @csspart figures - the list of figures
 * @csspart meter - the context's fill
 * @csspart compact - the offer to compact: its hint and button
 * @csspart compact-button - the button that asks the agent to compact
 * @csspart status - what a compaction came to, a polite live region
 * @csspart error - why it failed, an alert
 */
export class RpcUsage extends BoundElement {
  static override styles = [...BoundElement.styles, usageStyles];

  // The usage's own events render it.
  protected static override renders: RenderedState = { parts: [] };

  #usage: AgentUsage | undefined;

  protected override follow(controller: ExtensionUIController): () => void {
    const usage = (this.#usage = new AgentUsage(controller));
    const stops = [usage.on('change', () => this.requestUpdate()), usage.follow()];
    return () => {
      for (const stop of stops) stop();
      if (this.#usage === usage) this.#usage = undefined;
    };
  }

  /** Whether Compact now had focus when the update began (it goes once the context is freed). */
  #compactFocused = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#compactFocused = this.shadowRoot?.activeElement?.getAttribute('part') === 'compact-button';
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // The offer went with the compaction: focus stays in the panel, whose status says what happened.
    if (this.#compactFocused && !this.renderRoot.querySelector('[part="compact-button"]'))
      this.renderRoot.querySelector<HTMLElement>('[part="base"]')?.focus();
  }

  protected override render(): TemplateResult {
    const text = this.textFor(usageEnglish);
    const usage = this.#usage?.usage;
    const compaction = this.#usage?.compaction;
    return html`<div class="panel" part="base" role="group" aria-labelledby="title" tabindex="-1">
      <span class="title" part="title" id="title">${text.usageLabel}</span>
      ${usage ? this.#renderFigures(usage, text) : html`<span class="waiting">${text.usageWaiting}</span>`}
      ${this.#renderCompact(text)}
      <p class="status" part="status" role="status">${
        compaction?.state === 'running'
          ? text.usageCompacting
          : compaction?.state === 'done'
            ? text.usageCompacted
            : ''
      }</p>
      <!-- A failure said again is new text, heard again. -->
      <p class="error" part="error" role="alert">${keyed(compaction, this.#errorText(text))}</p>
    </div>`;
  }

  /** The offer to compact, near the limit (and while a compaction runs, so that focus stays). */
  #renderCompact(text: UsageText): TemplateResult | typeof nothing {
    const usage = this.#usage;
    const running = usage?.compaction?.state === 'running';
    if (!usage || (!usage.nearLimit && !running)) return nothing;
    return html`<div class="compact" part="compact">
      <span id="compact-hint">${text.usageCompactHint}</span>
      <button type="button" part="compact-button" aria-describedby="compact-hint"
        aria-disabled=${running ? 'true' : 'false'} @click=${this.#onCompact}>${text.usageCompact}</button>
    </div>`;
  }

  #errorText(text: UsageText): string {
    const outcome = this.#usage?.compaction;
    if (outcome?.state !== 'failed') return '';
    if (outcome.unsent) return text.usageCompactUnsent;
    if (outcome.unanswered) return text.usageCompactUnanswered;
    const error = plainText(outcome.error ?? '', { truncated: text.textTruncated, locale: this.locale });
    return format(text.usageCompactFailed, { error });
  }

  #onCompact = (): void => {
    this.#usage?.compact();
  };

  #renderFigures(usage: SessionUsage, text: UsageText): TemplateResult {
    const locale = this.locale;
    const { input, output, cacheRead, cacheWrite } = usage.tokens;
    const figure = (term: string, value: string) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`;
    return html`<dl part="figures">
        ${figure(text.usageInput, tokenCount(input, locale))}
        ${figure(text.usageOutput, tokenCount(output, locale))}
        ${cacheRead > 0 ? figure(text.usageCacheRead, tokenCount(cacheRead, locale)) : nothing}
        ${cacheWrite > 0 ? figure(text.usageCacheWrite, tokenCount(cacheWrite, locale)) : nothing}
        ${figure(text.usageCost, dollars(usage.cost, locale))}
      </dl>
      ${usage.context ? this.#renderContext(usage.context, text) : nothing}`;
  }

  #renderContext(context: NonNullable<SessionUsage['context']>, text: UsageText): TemplateResult {
    const locale = this.locale;
    const { percent, window } = context;
    if (percent === null) return html`<span>${text.usageContext}: ${text.usageContextUnknown}</span>`;
    const said = format(text.usageContextValue, {
      percent: percentOf(percent, locale),
      window: tokenCount(window, locale),
    });
    return html`<span class="context">
      <meter id="context" part="meter" min="0" max="100" low="70" high="90" optimum="0" .value=${Math.min(100, percent)}
        aria-labelledby="context-label" aria-valuetext=${said}></meter>
      <span id="context-label">${text.usageContext}</span>: ${said}
    </span>`;
  }
}
