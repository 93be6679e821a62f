import { type CSSResultArray, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { tokens } from '../internal/tokens.styles.js';
import { vscodeScheme } from '../internal/vscode-scheme.styles.js';
import { LangBinding } from '../reactive/lang-binding.js';
import { followVsCodeScheme } from '../reactive/vscode-scheme.js';
import { type RpcStrings, stringsFor } from '../strings/strings.js';

/**
 * What every kit element does, written once (the recipe is in docs/architecture.md): it takes
 * the theme tokens and, in a VS Code webview, the editor theme's scheme; it speaks the language
 * it is in (`lang` on it, an ancestor or the page) with the strings given for that language; and
 * its `strings` override some of what it says. An element bound to a controller extends
 * {@link BoundElement}, the others this.
 */
export class KitElement extends LitElement {
  static {
    this.addInitializer(followVsCodeScheme);
  }

  /** The theme tokens and VS Code's scheme; an element adds its own: `[...KitElement.styles, own]`. */
  static override styles: CSSResultArray = [tokens, vscodeScheme];

  /** Override some user-facing strings, for this element and the elements it renders. */
  @property({ attribute: false })
  strings: Partial<RpcStrings> = {};

  readonly #lang = new LangBinding(this);

  /** The locale of the strings in effect, for their plural rules and numbers. */
  protected get locale(): string {
    return this.#lang.locale;
  }

  /** `english`'s strings as this element says them: its language's, under the page's and its own overrides. */
  protected textFor<K extends keyof RpcStrings>(english: Pick<RpcStrings, K>): Pick<RpcStrings, K> {
    return stringsFor(english, this.strings, this.locale);
  }
}
