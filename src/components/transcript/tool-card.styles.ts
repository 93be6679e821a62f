import { css } from 'lit';
import { schemeColors } from '../internal/scheme-colors.js';

/**
 * A tool call's card (tool-card.ts), in an element that defines the kit's `--_fg`, `--_muted`,
 * `--_border`, `--_radius`, `--_focus`, `--_mono` and the conversation's `--_error` and `--_warning`: its state in
 * words with a glyph and a colour, never the colour alone.
 */
export const toolCardStyles = [
  schemeColors(':host', [
    ['--_tool-done', '%', '#116329', '#7ee787'],
    ['--_diff-added-bg', '%', '#dafbe1', '#12361f'],
    ['--_diff-removed-bg', '%', '#ffebe9', '#3d1418'],
  ]),
  css`
    .tool summary {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0.25rem 0.5rem;
      color: var(--_fg);
    }

    /* The marker stays before the state: flex would drop it in some engines. */
    .tool summary::before {
      content: '▸';
      color: var(--_muted);
    }
    .tool details[open] > summary::before {
      content: '▾';
    }
    .tool summary::-webkit-details-marker {
      display: none;
    }

    .tool .state {
      font-weight: 600;
      color: var(--_muted);
    }
    .tool.done .state {
      color: var(--_tool-done);
    }
    .tool.failed .state {
      color: var(--_error);
    }
    .tool.blocked .state {
      color: var(--_warning);
    }
    .tool .glyph {
      display: inline-block;
      min-inline-size: 1ch;
    }

    .tool .name {
      color: var(--_muted);
    }

    /* What it acts on: one line, its own direction, cut with an ellipsis (the card holds it whole). */
    .tool .subject {
      flex: 1 1 12rem;
      min-inline-size: 0;
      overflow: hidden;
      font-family: var(--_mono);
      white-space: nowrap;
      text-overflow: ellipsis;
      unicode-bidi: isolate;
    }

    .tool .exit {
      color: var(--_error);
    }

    .tool-body {
      padding: 0 0.5rem 0.5rem;
    }

    .tool-body h3 {
      margin: 0.5rem 0 0.25rem;
      font-size: 0.85em;
      font-weight: 600;
    }

    .tool-body pre,
    .tool .diff {
      margin: 0;
      max-block-size: 20lh;
      overflow: auto;
      font-family: var(--_mono);
    }

    .tool-body pre {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }

    .tool-body pre.command {
      margin-block-end: 0.5rem;
      padding-block-end: 0.5rem;
      border-block-end: 1px solid var(--_border);
    }

    .tool-body :is(pre, .diff):focus-visible,
    .show-all:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 1px;
    }

    /* Its look is the conversation's quiet button's (rpc-transcript.styles.ts). */
    .show-all {
      margin: 0.25rem 0;
    }

    .results {
      margin: 0;
      padding: 0;
      list-style: none;
      font-family: var(--_mono);
    }
    .results li,
    .result {
      margin: 0;
      overflow-wrap: anywhere;
    }

    .args {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 0.125rem 0.75rem;
      margin: 0;
    }
    .args dt {
      font-weight: 600;
    }
    .args dd {
      margin: 0;
      min-inline-size: 0;
    }

    /* A diff keeps its columns: it scrolls sideways rather than wrap. */
    .diff .line {
      display: flex;
      white-space: pre;
      inline-size: max-content;
      min-inline-size: 100%;
    }
    .diff .number {
      flex: none;
      box-sizing: border-box;
      min-inline-size: 4ch;
      padding-inline-end: 1ch;
      text-align: end;
      color: var(--_muted);
    }
    .diff .sign {
      flex: none;
      inline-size: 2ch;
    }
    .diff .added {
      background: var(--_diff-added-bg);
    }
    .diff .removed {
      background: var(--_diff-removed-bg);
    }
    .diff .gap {
      color: var(--_muted);
      text-align: center;
    }

    .tool.failed summary .state,
    .tool-error {
      color: var(--_error);
    }

    .tool.blocked .tool-error {
      color: var(--_warning);
    }

    /* Open, the card shows it whole: said once. */
    details[open] + .tool-error {
      display: none;
    }

    .tool-error {
      margin: 0.25rem 0 0;
      font-family: var(--_mono);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }

    @media (forced-colors: active) {
      .tool .state,
      .tool .exit,
      .tool-error {
        color: CanvasText;
      }
      .diff .added,
      .diff .removed {
        background: Canvas;
      }
      .diff .sign {
        color: Highlight;
      }
    }
  `,
];
