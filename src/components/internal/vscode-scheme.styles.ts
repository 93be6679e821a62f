import { css } from 'lit';

/**
 * The colour scheme of a VS Code webview's theme. There the page's `prefers-color-scheme` follows
 * the operating system, not the editor's theme; VS Code names the theme's kind on `<body
 * data-vscode-theme-kind>`. The elements whose colours depend on the scheme beyond VS Code's own
 * variables (agent 24-bit colours made readable, the fallbacks) follow it. `:host-context()` is
 * Chromium's, as VS Code is; elsewhere the rules do nothing.
 */
export const vscodeScheme = css`
  :host-context([data-vscode-theme-kind$='dark']),
  :host-context([data-vscode-theme-kind$='contrast']) {
    color-scheme: dark;
  }
  :host-context([data-vscode-theme-kind$='light']) {
    color-scheme: light;
  }
`;
