import { css } from 'lit';

/**
 * The colour scheme of a VS Code webview's theme, which `followVsCodeScheme` names on the host:
 * the elements whose colours depend on the scheme beyond VS Code's own variables (agent 24-bit
 * colours made readable, the fallbacks) follow it.
 */
export const vscodeScheme = css`
  :host([vscode-scheme='dark']) {
    color-scheme: dark;
  }
  :host([vscode-scheme='light']) {
    color-scheme: light;
  }
`;
