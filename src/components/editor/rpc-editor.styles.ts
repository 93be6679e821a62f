import { css } from 'lit';

export const editorStyles = css`
  dialog {
    --_width: 48rem;
  }
  textarea {
    display: block;
    /* Room for the focus ring inside the scrolling body. */
    margin-block: 0.25rem;
    /* In a short dialog it shrinks to this rather than the body scrolling it. */
    min-block-size: 4lh;
    resize: vertical;
    font-family: var(--_mono);
    line-height: 1.4;
    tab-size: 4;
    white-space: pre-wrap;
  }

  /* A prompt (promptStyle): a composer, narrower, its title a label, in the interface's font; a
     few lines that grow with the text, then scroll. */
  dialog:has(.prompt) {
    --_width: 36rem;
  }
  dialog:has(.prompt) h2 {
    font-size: 1em;
  }
  textarea.prompt {
    max-block-size: 14lh;
    font-family: inherit;
  }
  @supports (field-sizing: content) {
    textarea.prompt {
      field-sizing: content;
      resize: none;
    }
  }
`;
