import { html, nothing, type TemplateResult } from 'lit';

/**
 * A footer button, named by `data-action` and the part `<action>-button`; the primary one also has
 * the class `primary` and the part `primary-button`. (The second click of a double click, which
 * would answer the next dialog shown in the same place, is the stray-input guard's.)
 */
export function actionButton(
  action: string,
  label: string,
  onClick: () => void,
  disabled: boolean,
  primary = false,
): TemplateResult {
  return html`
    <button
      type="button"
      class=${primary ? 'primary' : nothing}
      part="button ${primary ? 'primary-button ' : ''}${action}-button"
      data-action=${action}
      ?disabled=${disabled}
      @click=${onClick}
    >${label}</button>
  `;
}
