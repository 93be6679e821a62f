import { css } from 'lit';
import { schemeColors } from '../internal/scheme-colors.js';

/** The conversation: a scrolling column of entries, the newest at the bottom. */
export const transcriptStyles = [
  schemeColors(':host', [
    ['--_user-bg', 'var(--rpc-transcript-user-background, %)', '#eef3fa', '#1e2a38'],
    ['--_link', 'var(--rpc-link-color, var(--vscode-textLink-foreground, %))', '#005fb8', '#4daafc'],
    ['--_error', 'var(--rpc-error-color, var(--vscode-errorForeground, %))', '#b3261e', '#f48771'],
    [
      '--_warning',
      'var(--rpc-warning-color, var(--vscode-editorWarning-foreground, %))',
      '#8a5300',
      '#cca700',
    ],
  ]),
  css`
    /* Its own surface, so that its text is readable in either scheme whatever the page paints. */
    :host {
      display: block;
      min-block-size: 0;
      overflow: hidden;
      color: var(--_fg);
      background: var(--_bg);
    }

    .log {
      box-sizing: border-box;
      block-size: 100%;
      overflow-y: auto;
      overscroll-behavior: contain;
      /* The element keeps the view itself (following, showing earlier entries), in every engine. */
      overflow-anchor: none;
      padding: 0.75rem;
    }

    .log:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: -2px;
    }

    .log > ol {
      display: flex;
      flex-direction: column;
      gap: 0.75rem;
      margin: 0;
      padding: 0;
      list-style: none;
    }

    .who {
      margin: 0 0 0.25rem;
      color: var(--_muted);
      font-size: 0.85em;
    }

    .text {
      margin: 0;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      unicode-bidi: plaintext;
    }

    .user .text {
      padding: 0.5rem 0.75rem;
      background: var(--_user-bg);
      border-radius: var(--_radius);
    }

    /* Replies are Markdown: its paragraphs' own spacing, not the prompt's line breaks. */
    .text.markdown {
      white-space: normal;
    }
    .text.markdown > :first-child {
      margin-block-start: 0;
    }
    .text.markdown > :last-child {
      margin-block-end: 0;
    }

    /* The cursor stands at the end of the block being written. */
    .assistant[aria-busy='true'] .markdown > :last-child::after {
      content: '▍';
      color: var(--_muted);
    }

    details {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
    }

    summary {
      padding: 0.25rem 0.5rem;
      cursor: pointer;
      color: var(--_muted);
    }

    summary:focus-visible {
      outline: 2px solid var(--_focus);
    }

    /* A compaction is a seam in the conversation: what is above it is summarised below. */
    .compaction details {
      border-style: dashed;
    }
    .compaction .text {
      padding: 0 0.5rem 0.5rem;
    }

    .notice {
      padding: 0.25rem 0.5rem;
      border-inline-start: 3px solid var(--_muted);
    }

    .notice.error {
      border-inline-start-color: var(--_error);
    }

    .notice.warning {
      border-inline-start-color: var(--_warning);
    }

    .empty {
      margin: 0;
      color: var(--_muted);
    }

    .no-model {
      padding: 0.5rem 0.75rem;
      border-inline-start: 3px solid var(--_warning);
    }

    .no-model p {
      margin: 0.25rem 0 0;
    }

    /* Not a heading: the page's heading levels are the host's. */
    .no-model .title {
      margin: 0;
      font-weight: 600;
    }

    .no-model a {
      color: var(--_link);
    }

    .no-model a:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 1px;
    }

    /* The conversation's quiet buttons: Show earlier, and a tool card's Show all. */
    .earlier,
    .show-all {
      padding: 0.25rem 0.75rem;
      font: inherit;
      color: inherit;
      background: transparent;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      cursor: pointer;
    }

    .earlier {
      display: block;
      margin: 0 auto 0.75rem;
    }

    .earlier:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 1px;
    }

    @media (forced-colors: active) {
      .user .text,
      .notice,
      .no-model {
        border: 1px solid CanvasText;
      }
    }
  `,
];
