import { css } from 'lit';

export const inputStyles = css`
  input {
    display: block;
    /* Room for the focus ring inside the scrolling body. */
    margin-block: 0.25rem;
  }
  .login-page {
    /* Room below for the link's focus ring inside the scrolling body. */
    margin-block: 0.75rem 0.25rem;
  }
  .login-page a {
    color: var(--rpc-ui-link, LinkText);
  }
`;
