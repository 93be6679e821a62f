import type { SchemeColor } from './scheme-colors.js';

/** The colour of a failure, as `name`: the theme's `--rpc-error-color`, VS Code's error icon, then the kit's red. */
export const errorColor = (name: string): SchemeColor => [
  name,
  'var(--rpc-error-color, var(--vscode-notificationsErrorIcon-foreground, %))',
  '#b3261e',
  '#f48771',
];
