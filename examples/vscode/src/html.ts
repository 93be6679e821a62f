/**
 * The webview's HTML, with the Content Security Policy VS Code recommends: nothing by default,
 * scripts only with this load's nonce, styles, images and fonts only from the webview's own
 * resources. The kit's components style themselves with constructable stylesheets, which such a
 * policy allows. Pure: no VS Code API, so a browser test can check it.
 */

/** What the extension fills in. */
export interface WebviewHtmlOptions {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  /** `webview.asWebviewUri(…/dist/webview.js)`, as a string. */
  readonly scriptUri: string;
  /** `webview.asWebviewUri(…/media/webview.css)`, as a string: the composer's look. */
  readonly styleUri: string;
  /** A fresh random nonce for each HTML (base64). */
  readonly nonce: string;
  /** The document title. */
  readonly title?: string;
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** The Content-Security-Policy of the webview. */
export function webviewCsp({ cspSource, nonce }: Pick<WebviewHtmlOptions, 'cspSource' | 'nonce'>): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
}

/** The whole HTML document: an empty body the script fills (see `webview.ts`). */
export function webviewHtml(options: WebviewHtmlOptions): string {
  const { scriptUri, styleUri, nonce, title = 'Agent UI' } = options;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(webviewCsp(options))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(styleUri)}">
</head>
<body>
<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>
`;
}
