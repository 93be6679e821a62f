import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { WidgetPlacement } from '../../protocol/types.js';
import { ansiText } from '../ansi-text/ansi-text.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { monoToken } from '../internal/mono.styles.js';
import { widgetsEnglish } from '../strings/status-strings.js';
import { widgetStyles } from './rpc-widget.styles.js';

/**
 * The extensions' widgets (`setWidget`) for one placement: put one element above the composer
 * (`placement="aboveEditor"`, the default) and one below (`placement="belowEditor"`). Each widget
 * is a block of lines in a monospace font with whitespace kept and ANSI colours rendered. A
 * widget whose placement changes moves from one element to the other. With no widget the
 * element renders nothing (no empty region).
 *
 * @tagname rpc-widget
 * @summary Extension widgets above or below the editor.
 * @csspart region - the labelled region holding the widgets
 * @csspart widget - one widget's block
 * @csspart line - one line of a widget
 * @cssprop --rpc-widget-gap - space between widgets
 * @cssprop --rpc-widget-background - a widget's background (transparent by default)
 * @cssprop --rpc-widget-border-color - a widget's inline-start edge (transparent by default)
 * @cssprop --rpc-ansi-red - and the other `--rpc-ansi-<name>` colours: the 16 base ANSI colours
 */
export class RpcWidget extends BoundElement {
  static override styles = [...BoundElement.styles, monoToken, widgetStyles];

  protected static override renders: RenderedState = { parts: ['widgets'], perFrame: true };

  /** Which widgets to show: `aboveEditor` (default) or `belowEditor`. */
  @property({ reflect: true })
  placement: WidgetPlacement = 'aboveEditor';

  protected override render(): TemplateResult | typeof nothing {
    const widgets = this.controller?.widgetsFor(this.placement) ?? [];
    if (widgets.length === 0) return nothing;
    const locale = this.locale;
    const text = this.textFor(widgetsEnglish);
    const label = this.placement === 'belowEditor' ? text.widgetsBelowLabel : text.widgetsAboveLabel;
    const agentText = { truncated: text.textTruncated, locale };
    const line = (content: string) =>
      html`<div class="line" part="line">${ansiText(content, agentText)}</div>`;
    return html`
      <div class="region" part="region" role="region" aria-label=${label}>
        ${repeat(
          widgets,
          (widget) => widget.key,
          (widget) => html`
            <div class="widget" part="widget" data-key=${widget.key}>${widget.lines.map(line)}</div>
          `,
        )}
      </div>
    `;
  }
}
