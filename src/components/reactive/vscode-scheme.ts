import type { ReactiveController, ReactiveElement } from 'lit';

/**
 * The attribute a kit element carries in a VS Code webview: `dark` or `light`, the scheme of the
 * editor's theme, which vscode-scheme.styles.ts gives the element.
 */
export const VSCODE_SCHEME = 'vscode-scheme';

const hosts = new Set<HTMLElement>();
let observer: MutationObserver | undefined;

/** The scheme of the theme VS Code names on `<body data-vscode-theme-kind>`, if it names one. */
function themeScheme(): 'dark' | 'light' | undefined {
  const kind = document.body?.dataset.vscodeThemeKind;
  if (kind?.endsWith('light')) return 'light';
  if (kind?.endsWith('dark') || kind?.endsWith('contrast')) return 'dark';
  return undefined;
}

function mark(host: HTMLElement, scheme = themeScheme()): void {
  if (scheme) host.setAttribute(VSCODE_SCHEME, scheme);
  else host.removeAttribute(VSCODE_SCHEME);
}

/**
 * Follows the VS Code theme's kind onto the host (the {@link VSCODE_SCHEME} attribute), since a
 * webview's `prefers-color-scheme` follows the operating system, not the editor's theme. An
 * attribute rather than `:host-context()`, which only Chromium has: VS Code in the browser
 * (code-server, vscode.dev) runs webviews in Firefox and Safari too. One observer for every host.
 */
class VsCodeScheme implements ReactiveController {
  readonly #host: HTMLElement;

  constructor(host: HTMLElement) {
    this.#host = host;
  }

  hostConnected(): void {
    hosts.add(this.#host);
    mark(this.#host);
    if (observer || !document.body) return;
    observer = new MutationObserver(() => {
      const scheme = themeScheme();
      for (const host of hosts) mark(host, scheme);
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['data-vscode-theme-kind'] });
  }

  hostDisconnected(): void {
    hosts.delete(this.#host);
    if (hosts.size > 0) return;
    observer?.disconnect();
    observer = undefined;
  }
}

/** Give `element` the VS Code theme's scheme: `static { this.addInitializer(followVsCodeScheme); }`. */
export function followVsCodeScheme(element: ReactiveElement): void {
  element.addController(new VsCodeScheme(element));
}
