import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { WidgetPlacement } from '../../protocol/types.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import { ansiText } from '../ansi-text/ansi-text.js';
import { ControllerBinding } from '../bindings/controller-binding.js';
import { LangBinding } from '../bindings/lang-binding.js';
import { type RpcStrings, stringsFor, widgetsEnglish } from '../strings/strings.js';
import { widgetStyles } from './rpc-widget.styles.js';
import { followVsCodeScheme } from '../internal/vscode-scheme.js';

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
export class RpcWidget extends LitElement {
  static {
    this.addInitializer(followVsCodeScheme);
  }

  static override styles = widgetStyles;

  /** The controller whose widgets are shown. */
  @property({ attribute: false })
  get controller(): ExtensionUIController | undefined {
    return this.#binding.controller;
  }
  set controller(controller: ExtensionUIController | undefined) {
    this.#binding.controller = controller;
  }

  /** Which widgets to show: `aboveEditor` (default) or `belowEditor`. */
  @property({ reflect: true })
  placement: WidgetPlacement = 'aboveEditor';

  /** Override some user-facing strings for this element. */
  @property({ attribute: false })
  strings: Partial<RpcStrings> = {};

  readonly #binding = new ControllerBinding(this, ['widgets'], { perFrame: true });
  readonly #lang = new LangBinding(this);

  protected override render(): TemplateResult | typeof nothing {
    const widgets = this.controller?.widgetsFor(this.placement) ?? [];
    if (widgets.length === 0) return nothing;
    const locale = this.#lang.locale;
    const text = stringsFor(widgetsEnglish, this.strings, locale);
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
