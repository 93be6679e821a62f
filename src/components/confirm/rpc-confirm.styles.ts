import { css } from 'lit';

export const confirmStyles = css`
  /* The message keeps the agent's line breaks, as the title does. */
  .message {
    margin: 0 0 0.75rem;
    line-height: 1.45;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    unicode-bidi: plaintext;
  }
  .message:empty {
    display: none;
  }
`;
