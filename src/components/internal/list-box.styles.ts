import { css } from 'lit';

/**
 * The panels' list box (sessions, models): options in a box that scrolls within
 * `--_list-max-height`, the active one highlighted, the current one marked by an edge (and, in
 * its markup, a word), one line each until hovered or focused. Forced colours included.
 */
export const listBoxStyles = css`
  /* A list box that scrolls within the height the host gives it. */
  [role='listbox'] {
    display: flex;
    flex-direction: column;
    max-block-size: var(--_list-max-height, 24rem);
    overflow-y: auto;
    padding: 2px;
    background: var(--_list-bg, var(--_bg));
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
  /* The current one: an edge and a word, never the colour alone. */
  [role='option'][aria-current='true'] {
    border-inline-start-color: var(--_focus);
  }
  [role='option'][aria-current='true'] .label {
    font-weight: 600;
  }
  [aria-busy='true'] [role='option'] {
    cursor: progress;
  }
  [role='option']:focus-visible {
    outline-offset: -2px;
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

  @media (forced-colors: active) {
    [role='listbox'] {
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
  }
`;
