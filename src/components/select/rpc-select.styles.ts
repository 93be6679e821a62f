import { css } from 'lit';

export const selectStyles = css`
  .filter-label {
    display: block;
  }
  #filter {
    margin-block: 0.25rem 0.5rem;
  }

  /*
   * A window of fixed-height rows over a full-height sizer: only the visible options exist.
   * Scrolling jumps, never glides (scroll-behavior stays auto): nothing to turn off for reduced motion.
   */
  #listbox {
    --_row-height: var(--rpc-option-height, 2em);
    position: relative;
    block-size: calc(min(var(--_count, 0), var(--rpc-select-rows, 8)) * var(--_row-height));
    /* In a short dialog the list shrinks (to a row) and scrolls, not the body with the filter. */
    min-block-size: var(--_row-height);
    overflow: auto;
    overflow-anchor: none;
    overscroll-behavior: contain;
    /* Room for the focus ring inside the scrolling body. */
    margin-block: 0.25rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    background: var(--_input-bg);
    color: var(--_input-fg);
  }
  /* Options with descriptions: two lines to a row, the description under the label. */
  #listbox.described {
    --_row-height: var(--rpc-option-height, 3.2em);
  }
  #listbox::before {
    content: '';
    display: block;
    block-size: calc(var(--_count, 0) * var(--_row-height));
  }
  .option {
    position: absolute;
    inset-inline: 0;
    inset-block-start: calc(var(--_pos, 0) * var(--_row-height));
    box-sizing: border-box;
    block-size: var(--_row-height);
    line-height: var(--_row-height);
    padding-inline: 0.5rem;
    text-align: start;
    /* Agent text: each option takes its own direction (English in an RTL page, say). */
    unicode-bidi: plaintext;
    white-space: pre;
    overflow: hidden;
    text-overflow: ellipsis;
    cursor: pointer;
  }
  .described .option {
    display: flex;
    flex-direction: column;
    justify-content: center;
    line-height: 1.4;
  }
  .label,
  .description {
    overflow: hidden;
    text-overflow: ellipsis;
    unicode-bidi: plaintext;
  }
  /* Smaller and quieter, but as readable: on the active option, in its own colour. */
  .description {
    font-size: 0.9em;
    color: var(--_muted);
  }
  .option[aria-selected='true'] .description {
    color: inherit;
  }
  .option:hover {
    background: var(--_hover-bg);
  }
  /* The active option grows over the rows below it to show all of a long or multi-line option. */
  .option[aria-selected='true'] {
    z-index: 1;
    block-size: auto;
    min-block-size: var(--_row-height);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    background: var(--_active-bg);
    color: var(--_active-fg);
    /* Outlined with focus elsewhere too: OK answers this option (its background alone is faint).
       As thick as a focus ring, inside the row: with focus on the list, this is where it is. */
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  .empty {
    margin: 0.25rem 0 0.5rem;
    color: var(--_muted);
  }

  @media (forced-colors: active) {
    #listbox {
      border: 1px solid CanvasText;
    }
    .option[aria-selected='true'] {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
  }
`;
