import { css } from 'lit';
import { schemeColors } from '../internal/scheme-colors.js';

/**
 * The look of Markdown blocks (markdown-blocks.ts), for an element that draws them in its shadow
 * root and defines the kit's `--_fg`, `--_bg`, `--_muted`, `--_border`, `--_link`, `--_focus` and
 * `--_mono` (monoToken).
 */
export const markdownStyles = [
  // Highlighted code's colours, each readable on the code's background in either scheme. VS Code
  // gives a webview no syntax colours: there, code takes these for the theme's kind (light, dark),
  // and its comments the theme's description colour.
  schemeColors(':host', [
    ['--_code-keyword', '%', '#cf222e', '#ff7b72'],
    ['--_code-string', '%', '#0a3069', '#a5d6ff'],
    ['--_code-number', '%', '#0550ae', '#79c0ff'],
    ['--_code-title', '%', '#6639ba', '#d2a8ff'],
    ['--_code-type', '%', '#953800', '#ffa657'],
    ['--_code-comment', 'var(--vscode-descriptionForeground, %)', '#57606a', '#9da5ae'],
    ['--_code-added', '%', '#116329', '#aff5b4'],
    ['--_code-removed', '%', '#82071e', '#ffdcd7'],
  ]),
  css`
  .markdown :is(p, ul, ol, blockquote, .table) {
    margin-block: 0.5em;
  }
  /* A block past the reply's element budget, as its text: its lines kept. */
  .markdown .plain {
    white-space: pre-wrap;
  }
  .markdown :is(h2, h3, h4, h5, h6) {
    margin-block: 0.75em 0.25em;
    font-size: 1em;
  }
  .markdown .level-1 {
    font-size: 1.2em;
  }
  .markdown .level-2 {
    font-size: 1.1em;
  }
  .markdown blockquote {
    margin-inline: 0;
    padding-inline-start: 0.75em;
    border-inline-start: 3px solid var(--_border);
    color: var(--_muted);
  }
  .markdown li.task {
    list-style: none;
  }
  .markdown li.task input {
    margin-inline: -1.4em 0.4em;
  }
  /* Wide tables and long lines scroll in their own box; command output keeps its columns. */
  .markdown .table,
  .markdown pre {
    overflow-x: auto;
  }
  .markdown table {
    border-collapse: collapse;
  }
  .markdown :is(th, td) {
    padding: 0.25em 0.5em;
    border: 1px solid var(--_border);
  }
  .markdown .align-center {
    text-align: center;
  }
  .markdown .align-right {
    text-align: end;
  }
  .markdown :is(code, pre) {
    font-family: var(--_mono);
    font-size: 0.92em;
  }
  .markdown :not(pre) > code {
    padding: 0.05em 0.3em;
    border-radius: 3px;
    background: color-mix(in srgb, var(--_fg) 8%, transparent);
  }
  .markdown pre code {
    font-size: inherit;
  }
  .markdown pre {
    margin: 0;
    background: color-mix(in srgb, var(--_fg) 4%, transparent);
    padding: 0.5em 0.75em;
    border: 1px solid var(--_border);
    border-radius: 0 0 4px 4px;
    white-space: pre;
  }
  /* A code block: its language and copy button on a bar above the code. */
  .markdown .code-block {
    margin-block: 0.5em;
  }
  .markdown .code-head {
    display: flex;
    align-items: center;
    gap: 0.5em;
    padding: 0.15em 0.25em 0.15em 0.75em;
    border: 1px solid var(--_border);
    border-block-end: none;
    border-radius: 4px 4px 0 0;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .markdown .language {
    font-family: var(--_mono);
  }
  .markdown .copy {
    margin-inline-start: auto;
    padding: 0.1em 0.6em;
    font: inherit;
    color: var(--_fg);
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: 4px;
    cursor: pointer;
  }
  .markdown .copy:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .markdown .copied:empty {
    display: none;
  }
  /* A link's text is isolated: bidi characters in it cannot reorder the text around it. */
  .markdown a {
    position: relative;
    color: var(--_link);
    unicode-bidi: isolate;
  }
  /* The address a link goes to, shown while the pointer is on it or focus is: text cannot hide it. */
  .markdown a:is(:hover, :focus-visible)::after {
    content: attr(data-href);
    /* An address reads left to right whatever the page's direction or its own characters. */
    direction: ltr;
    unicode-bidi: isolate;
    position: absolute;
    inset-block-start: 100%;
    inset-inline-start: 0;
    z-index: 1;
    max-inline-size: 40ch;
    padding: 0.1em 0.4em;
    overflow-wrap: anywhere;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    font-size: 0.85em;
    white-space: normal;
  }
  .markdown a:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  /* An image not loaded: a box with its text and its address, not mistaken for the text around it. */
  .markdown .image {
    display: inline-block;
    padding: 0.1em 0.5em;
    border: 1px dashed var(--_border);
    border-radius: 4px;
  }
  .markdown .image .address {
    font-family: var(--_mono);
    color: var(--_muted);
  }
  @media (forced-colors: active) {
    .markdown a {
      color: LinkText;
    }
    .markdown :is(th, td, pre, blockquote, .code-head, .copy) {
      border-color: CanvasText;
    }
    .markdown .copy {
      color: ButtonText;
      background: ButtonFace;
    }
  }
  /* Highlighted code: highlight.js's class names (highlighted-code.ts), colours only. */
  .markdown :is(.hljs-keyword, .hljs-selector-tag, .hljs-doctag, .hljs-meta .hljs-keyword) {
    color: var(--_code-keyword);
  }
  .markdown :is(.hljs-string, .hljs-regexp, .hljs-template-tag, .hljs-char.escape_) {
    color: var(--_code-string);
  }
  .markdown :is(.hljs-number, .hljs-literal, .hljs-symbol, .hljs-bullet, .hljs-variable.constant_) {
    color: var(--_code-number);
  }
  .markdown :is(.hljs-title, .hljs-section, .hljs-name, .hljs-selector-id, .hljs-selector-class) {
    color: var(--_code-title);
  }
  .markdown :is(.hljs-type, .hljs-built_in, .hljs-attr, .hljs-attribute, .hljs-property, .hljs-params) {
    color: var(--_code-type);
  }
  .markdown :is(.hljs-comment, .hljs-quote, .hljs-meta) {
    color: var(--_code-comment);
  }
  .markdown .hljs-comment {
    font-style: italic;
  }
  .markdown .hljs-addition {
    color: var(--_code-added);
    background: color-mix(in srgb, var(--_code-added) 12%, transparent);
  }
  .markdown .hljs-deletion {
    color: var(--_code-removed);
    background: color-mix(in srgb, var(--_code-removed) 12%, transparent);
  }
`,
];
