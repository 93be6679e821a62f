import { css } from 'lit';
import { schemeColors } from './scheme-colors.js';

/** The colour tokens: the theme's property, VS Code's variable, then a neutral light and dark value. */
const colors = schemeColors(':host', [
  ['--_fg', 'var(--rpc-foreground, var(--vscode-foreground, %))', '#1f1f1f', '#e4e4e4'],
  ['--_muted', 'var(--rpc-muted-foreground, var(--vscode-descriptionForeground, %))', '#5c5c5c', '#a8a8a8'],
  ['--_bg', 'var(--rpc-background, var(--vscode-editorWidget-background, %))', '#ffffff', '#252526'],
  ['--_border', 'var(--rpc-border-color, var(--vscode-widget-border, %))', '#c4c4c4', '#4a4a4a'],
  ['--_focus', 'var(--rpc-focus-color, var(--vscode-focusBorder, %))', '#005fb8', '#3794ff'],
  ['--_button-bg', 'var(--rpc-button-background, var(--vscode-button-background, %))', '#005fb8', '#0e639c'],
  [
    '--_button-hover',
    'var(--rpc-button-hover-background, var(--vscode-button-hoverBackground, %))',
    '#004c94',
    '#1177bb',
  ],
  ['--_input-bg', 'var(--rpc-input-background, var(--vscode-input-background, %))', '#ffffff', '#3c3c3c'],
  ['--_input-fg', 'var(--rpc-input-foreground, var(--vscode-input-foreground, %))', '#1f1f1f', '#e4e4e4'],
  ['--_input-border', 'var(--rpc-input-border-color, var(--vscode-input-border, %))', '#8a8a8a', '#8b8b8b'],
  [
    '--_active-bg',
    'var(--rpc-list-active-background, var(--vscode-list-activeSelectionBackground, %))',
    '#cfe3f7',
    '#04395e',
  ],
  [
    '--_active-fg',
    'var(--rpc-list-active-foreground, var(--vscode-list-activeSelectionForeground, %))',
    '#1f1f1f',
    '#ffffff',
  ],
  [
    '--_hover-bg',
    'var(--rpc-list-hover-background, var(--vscode-list-hoverBackground, %))',
    '#ececec',
    '#2a2d2e',
  ],
  ['--_backdrop', 'var(--rpc-backdrop, %)', 'rgb(0 0 0 / 0.32)', 'rgb(0 0 0 / 0.55)'],
]);

/**
 * Theme tokens: each `--rpc-*` custom property falls back to the matching VS Code variable, then
 * to a neutral light or dark value for the element's colour scheme (`schemeColors`). Private
 * `--_*` names are what the styles use.
 */
export const tokens = [
  colors,
  css`
  :host {
    color-scheme: light dark;
    --_button-fg: var(--rpc-button-foreground, var(--vscode-button-foreground, #ffffff));
    --_button2-bg: var(--rpc-button-secondary-background, var(--vscode-button-secondaryBackground, transparent));
    --_button2-fg: var(--rpc-button-secondary-foreground, var(--vscode-button-secondaryForeground, var(--_fg)));
    --_button2-hover: var(--rpc-button-secondary-hover-background, var(--vscode-button-secondaryHoverBackground, var(--_hover-bg)));
    --_radius: var(--rpc-radius, 6px);
    --_shadow: var(--rpc-shadow, 0 8px 28px rgb(0 0 0 / 0.28));
    --_duration: var(--rpc-duration, 140ms);
    font-family: var(--rpc-font-family, var(--vscode-font-family, system-ui, sans-serif));
    font-size: var(--rpc-font-size, var(--vscode-font-size, 13px));
    color: var(--_fg);
  }

  @media (prefers-reduced-motion: reduce) {
    :host {
      --_duration: 0s;
    }
  }

  /* The hidden attribute always hides, whatever a page's ::part() rules set. */
  [hidden] {
    display: none !important;
  }

  /* Read by screen readers, not shown (only ever on elements without padding or border). */
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`,
];
