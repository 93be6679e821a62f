/**
 * `--vscode-*` variables as a VS Code webview receives them, for the variables the kit reads
 * (src/components/internal/tokens.styles.ts) plus the editor background the webview sits on.
 * Values of VS Code's built-in Dark Modern, Light Modern and High Contrast (dark) themes, with the
 * Linux font stack. Where High Contrast leaves a colour unset, VS Code emits no variable, so the
 * variable is absent here too and the kit's own fallback shows.
 */
export interface VscodeTheme {
  /** The theme's name in VS Code's theme picker. */
  readonly name: string;
  /** The `color-scheme` a webview of this theme kind renders with. */
  readonly colorScheme: 'light' | 'dark';
  /** `--vscode-*` name → value. */
  readonly variables: Readonly<Record<`--vscode-${string}`, string>>;
}

const fonts = {
  '--vscode-font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-editor-font-family': '"Droid Sans Mono", "monospace", monospace',
} as const;

export const darkModern: VscodeTheme = {
  name: 'Dark Modern',
  colorScheme: 'dark',
  variables: {
    ...fonts,
    '--vscode-editor-background': '#1f1f1f',
    '--vscode-foreground': '#cccccc',
    '--vscode-descriptionForeground': '#9d9d9d',
    '--vscode-editorWidget-background': '#202020',
    '--vscode-widget-border': '#313131',
    '--vscode-focusBorder': '#0078d4',
    '--vscode-button-background': '#0078d4',
    '--vscode-button-foreground': '#ffffff',
    '--vscode-button-hoverBackground': '#026ec1',
    '--vscode-button-secondaryBackground': '#313131',
    '--vscode-button-secondaryForeground': '#cccccc',
    '--vscode-button-secondaryHoverBackground': '#3c3c3c',
    '--vscode-input-background': '#313131',
    '--vscode-input-foreground': '#cccccc',
    '--vscode-input-border': '#3c3c3c',
    '--vscode-list-activeSelectionBackground': '#04395e',
    '--vscode-list-activeSelectionForeground': '#ffffff',
    '--vscode-list-hoverBackground': '#2a2d2e',
  },
};

export const lightModern: VscodeTheme = {
  name: 'Light Modern',
  colorScheme: 'light',
  variables: {
    ...fonts,
    '--vscode-editor-background': '#ffffff',
    '--vscode-foreground': '#3b3b3b',
    '--vscode-descriptionForeground': '#3b3b3b',
    '--vscode-editorWidget-background': '#f8f8f8',
    '--vscode-widget-border': '#e5e5e5',
    '--vscode-focusBorder': '#005fb8',
    '--vscode-button-background': '#005fb8',
    '--vscode-button-foreground': '#ffffff',
    '--vscode-button-hoverBackground': '#0258a8',
    '--vscode-button-secondaryBackground': '#e5e5e5',
    '--vscode-button-secondaryForeground': '#3b3b3b',
    '--vscode-button-secondaryHoverBackground': '#cccccc',
    '--vscode-input-background': '#ffffff',
    '--vscode-input-foreground': '#3b3b3b',
    '--vscode-input-border': '#cecece',
    '--vscode-list-activeSelectionBackground': '#0060c0',
    '--vscode-list-activeSelectionForeground': '#ffffff',
    '--vscode-list-hoverBackground': '#f2f2f2',
  },
};

/**
 * High Contrast (dark): black surfaces, light-blue `contrastBorder` (#6fc3df) borders, an orange
 * focus border. Button and list backgrounds are unset in this theme (outlines mark them instead).
 */
export const highContrastDark: VscodeTheme = {
  name: 'Dark High Contrast',
  colorScheme: 'dark',
  variables: {
    ...fonts,
    '--vscode-editor-background': '#000000',
    '--vscode-foreground': '#ffffff',
    '--vscode-descriptionForeground': '#ffffffb3',
    '--vscode-editorWidget-background': '#0c141f',
    '--vscode-widget-border': '#6fc3df',
    '--vscode-focusBorder': '#f38518',
    '--vscode-button-foreground': '#ffffff',
    '--vscode-button-secondaryForeground': '#ffffff',
    '--vscode-input-background': '#000000',
    '--vscode-input-foreground': '#ffffff',
    '--vscode-input-border': '#6fc3df',
  },
};
