import { css } from 'lit';
import { focusRingStyles } from './focus-ring.styles.js';

/**
 * The buttons of the panels beside the dialogs (sign-in, sessions): secondary by default,
 * `.primary` for the main action, `aria-disabled` for "not now" (it keeps focus and stays
 * readable), the focus ring, and their forced-colours borders.
 */
export const buttonStyles = [
  focusRingStyles,
  css`
  button {
    font: inherit;
    min-block-size: 2rem;
    padding-block: 0.3rem;
    padding-inline: 0.9rem;
    color: var(--_button2-fg);
    background: var(--_button2-bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    cursor: pointer;
  }
  button:hover {
    background: var(--_button2-hover);
  }
  button.primary {
    color: var(--_button-fg);
    background: var(--_button-bg);
    border-color: transparent;
  }
  button.primary:hover {
    background: var(--_button-hover);
  }
  button[aria-disabled='true'] {
    cursor: default;
    border-style: dashed;
  }

  @media (forced-colors: active) {
    button {
      border-color: ButtonText;
    }
    button.primary {
      border-width: 2px;
    }
    button[aria-disabled='true'] {
      color: GrayText;
      border-color: GrayText;
    }
  }
`,
];
