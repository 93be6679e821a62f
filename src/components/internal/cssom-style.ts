import { nothing } from 'lit';
import { Directive, type DirectiveParameters, directive, type ElementPart } from 'lit/directive.js';

/**
 * Sets inline styles through the CSSOM (`style.setProperty`), never through a `style`
 * attribute, so it works under a Content Security Policy without `'unsafe-inline'` styles.
 * (Lit's `styleMap` writes the attribute on first render.) Internal: the kit puts it on elements
 * only.
 */
class CssomStyleDirective extends Directive {
  #applied: string[] = [];

  render(declarations: Readonly<Record<string, string>>): typeof nothing {
    void declarations;
    return nothing;
  }

  override update(part: ElementPart, [declarations]: DirectiveParameters<this>): typeof nothing {
    const { style } = part.element as HTMLElement;
    for (const name of this.#applied) if (!(name in declarations)) style.removeProperty(name);
    this.#applied = Object.keys(declarations);
    for (const [name, value] of Object.entries(declarations)) style.setProperty(name, value);
    return nothing;
  }
}

/** An element directive: apply these declarations through the CSSOM. */
export const cssomStyle = directive(CssomStyleDirective);
