import { css } from 'lit';

/**
 * The monospace font token, for the elements that show code or terminal text (the editor, widgets,
 * the host's agent output); in a module of its own so that the other elements do not ship it.
 */
export const monoToken = css`
  :host {
    --_mono: var(--rpc-mono-font-family, var(--vscode-editor-font-family, ui-monospace, monospace));
  }
`;
