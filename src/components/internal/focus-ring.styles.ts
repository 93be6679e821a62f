import { css } from 'lit';

/** The theme's focus ring on every control of a panel (the engine's own is not the theme's). */
export const focusRingStyles = css`
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }

  @media (forced-colors: active) {
    :focus-visible {
      outline-color: Highlight;
    }
  }
`;
