import { css } from 'lit';

export const confirmStyles = css`
  .message:empty {
    display: none;
  }
`;
