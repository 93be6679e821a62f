import { css } from 'lit';
import { schemeColors } from '../internal/scheme-colors.js';

export const extensionUIStyles = [
  schemeColors(':host', [['--_closed', 'var(--rpc-connection-closed-color, %)', '#cf222e', '#f85149']]),
  schemeColors(".connection[data-state='connected']", [
    ['--_dot', 'var(--rpc-connection-connected-color, %)', '#1a7f37', '#3fb950'],
  ]),
  // connecting and reconnecting
  schemeColors(".connection[data-state*='connecting']", [
    ['--_dot', 'var(--rpc-connection-pending-color, %)', '#9a6700', '#d29922'],
  ]),
  css`
    :host {
      display: block;
      min-inline-size: 0;
    }

    :host([contained]) {
      position: relative;
    }

    /* The parts take this element's colour scheme: color-scheme: dark on it forces them all. */
    rpc-login,
    rpc-widget,
    rpc-status-bar,
    rpc-notifications,
    rpc-dialogs {
      color-scheme: inherit;
    }

    .base {
      display: flex;
      flex-direction: column;
      gap: var(--rpc-extension-ui-gap, 0.5rem);
      min-inline-size: 0;
    }

    /* In a column of fixed height the conversation takes the room left; it scrolls itself. */
    slot[name='conversation']::slotted(*) {
      flex: 1 1 auto;
      min-block-size: 0;
    }

    .header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.5rem;
    }

    .connection,
    .exit,
    .refused,
    .editor-offer {
      color: var(--_fg);
      border: 1px solid var(--_border);
    }

    .connection {
      display: inline-flex;
      align-items: center;
      gap: 0.4em;
      margin-inline-start: auto;
      padding-block: 0.125rem;
      padding-inline: 0.5rem;
      border-radius: 999px;
      white-space: nowrap;
    }

    .indicator {
      inline-size: 0.5rem;
      block-size: 0.5rem;
      border-radius: 50%;
      background: var(--_dot, var(--_closed));
      transition: background-color var(--_duration);
    }

    @media (prefers-reduced-motion: no-preference) {
      .connection[data-state*='connecting'] .indicator {
        animation: pulse 1.2s ease-in-out infinite alternate;
      }
    }

    @keyframes pulse {
      to {
        opacity: 0.35;
      }
    }

    .exit,
    .refused {
      padding-block: 0.5rem;
      padding-inline: 0.75rem;
      background: var(--_bg);
      border-inline-start: 3px solid var(--_closed);
      border-radius: var(--_radius);
    }

    .refused p {
      margin: 0;
      /* The bridge's words: an origin, a flag, in whatever direction the page has. */
      unicode-bidi: plaintext;
    }

    .refused-reason,
    .exit-message {
      margin: 0;
      font-weight: 600;
    }

    .exit-details {
      margin-block-start: 0.375rem;
    }

    .editor-offer {
      padding-block: 0.5rem;
      padding-inline: 0.75rem;
      background: var(--_bg);
      border-radius: var(--_radius);
    }

    .editor-offer p {
      margin: 0;
    }

    .editor-offer-text {
      margin-block: 0.375rem;
      max-block-size: 8lh;
      overflow: auto;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }

    .editor-offer-actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }

    .restart,
    .editor-offer button {
      margin-block-start: 0.375rem;
      min-block-size: 2rem;
      padding: 0.3rem 0.9rem;
      font: inherit;
      color: var(--_button-fg);
      background: var(--_button-bg);
      border: 1px solid transparent;
      border-radius: calc(var(--_radius) - 2px);
      cursor: pointer;
    }

    .restart:hover,
    .editor-offer button:hover {
      background: var(--_button-hover);
    }

    .restart:focus-visible,
    .editor-offer button:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }

    summary {
      cursor: pointer;
      border-radius: 2px;
    }

    summary:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }

    .stderr {
      margin-block: 0.375rem 0;
      max-block-size: 12lh;
      overflow: auto;
      font-family: var(--_mono);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      /* The agent's own text: each line takes its own direction. */
      unicode-bidi: plaintext;
    }

    @media (forced-colors: active) {
      .connection,
      .restart,
      .exit,
      .refused {
        border-color: CanvasText;
      }

      .indicator {
        forced-color-adjust: none;
        background: CanvasText;
      }

      .connection[data-state='connected'] .indicator {
        background: Highlight;
      }

      summary:focus-visible {
        outline-color: Highlight;
      }
    }
  `,
];
