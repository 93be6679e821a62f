import { css } from 'lit';
import { buttonStyles } from '../internal/buttons.styles.js';
import { errorColor } from '../internal/error-color.js';
import { schemeColors } from '../internal/scheme-colors.js';

export const sessionsStyles = [
  buttonStyles,
  schemeColors(':host', [errorColor('--_failed')]),
  css`
    :host {
      display: block;
      min-inline-size: 0;
    }

    p {
      margin: 0;
    }

    .panel {
      display: flex;
      flex-direction: column;
      gap: var(--rpc-sessions-gap, 0.5rem);
    }

    .head,
    .actions {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
    }
    .head .title {
      flex: 1 1 auto;
      font-weight: 600;
    }

    .current,
    .note,
    .meta,
    .hint {
      color: var(--_muted);
    }
    .current .name {
      color: var(--_fg);
    }

    /* A list box that scrolls within the height the host gives it. */
    [role='listbox'] {
      display: flex;
      flex-direction: column;
      max-block-size: var(--rpc-sessions-max-height, 24rem);
      overflow-y: auto;
      padding: 2px;
      background: var(--rpc-sessions-background, var(--_bg));
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
    }

    [role='option'] {
      display: flex;
      flex-direction: column;
      gap: 0.125rem;
      padding-block: 0.375rem;
      padding-inline: 0.625rem;
      border-radius: calc(var(--_radius) - 2px);
      border-inline-start: 3px solid transparent;
      cursor: pointer;
    }
    [role='option']:hover {
      background: var(--_hover-bg);
    }
    [role='option'][aria-selected='true'] {
      color: var(--_active-fg);
      background: var(--_active-bg);
    }
    [role='option'][aria-selected='true'] .meta {
      color: inherit;
    }
    /* The current session: an edge and a word, never the colour alone. */
    [role='option'][aria-current='true'] {
      border-inline-start-color: var(--_focus);
    }
    [role='option'][aria-current='true'] .label {
      font-weight: 600;
    }
    [aria-busy='true'] [role='option'] {
      cursor: progress;
    }

    /* One line each, the whole text on hover and focus (the option's name holds it all). */
    .label {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      unicode-bidi: plaintext;
    }
    [role='option']:focus .label,
    [role='option']:hover .label {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .meta {
      font-size: 0.9em;
    }

    /* Live regions stay in the tree when empty (a region added with its text is not heard); out
       of the flow then, so that they take no gap. */
    .status:empty,
    .error:empty {
      position: absolute;
    }
    .error:not(:empty) {
      padding-inline-start: 0.5rem;
      border-inline-start: 3px solid var(--_failed);
    }

    dialog {
      box-sizing: border-box;
      inline-size: min(32rem, calc(100vw - 2rem));
      max-block-size: calc(100vh - 2rem);
      padding: 1rem;
      color: var(--_fg);
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      box-shadow: var(--_shadow);
    }
    dialog::backdrop {
      background: var(--_backdrop);
    }
    dialog .body {
      display: flex;
      flex-direction: column;
      gap: 0.75rem;
    }
    dialog .title {
      font-weight: 600;
      font-size: 1.1em;
    }
    dialog .actions {
      justify-content: end;
    }
    dialog [role='listbox'] {
      max-block-size: min(18rem, 50vh);
    }

    label {
      display: flex;
      flex-direction: column;
      gap: 0.25rem;
    }
    input {
      font: inherit;
      min-block-size: 2rem;
      padding-inline: 0.5rem;
      color: var(--_input-fg);
      background: var(--_input-bg);
      border: 1px solid var(--_input-border);
      border-radius: calc(var(--_radius) - 2px);
    }

    [role='option']:focus-visible {
      outline-offset: -2px;
    }

    @media (forced-colors: active) {
      [role='listbox'],
      dialog {
        border-color: CanvasText;
      }
      [role='option'][aria-selected='true'] {
        color: HighlightText;
        background: Highlight;
        forced-color-adjust: none;
      }
      /* A transparent edge would be drawn in the text colour: only the current one has it. */
      [role='option'] {
        border-inline-start-color: Canvas;
      }
      [role='option'][aria-current='true'] {
        border-inline-start-color: CanvasText;
      }
      [role='option'][aria-selected='true'][aria-current='true'] {
        border-inline-start-color: HighlightText;
      }
      /* A ring of Highlight on Highlight would not show. */
      [role='option'][aria-selected='true']:focus-visible {
        outline-color: HighlightText;
      }
      input {
        border-color: ButtonText;
      }
      .error:not(:empty) {
        border-inline-start-color: CanvasText;
      }
    }
  `,
];
