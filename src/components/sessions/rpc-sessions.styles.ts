import { css } from 'lit';
import { buttonStyles } from '../internal/buttons.styles.js';
import { listBoxStyles } from '../internal/list-box.styles.js';
import { liveRegionStyles } from '../internal/live-regions.styles.js';

export const sessionsStyles = [
  buttonStyles,
  listBoxStyles,
  liveRegionStyles,
  css`
    :host {
      display: block;
      min-inline-size: 0;
      --_list-max-height: var(--rpc-sessions-max-height, 24rem);
      --_list-bg: var(--rpc-sessions-background, var(--_bg));
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
    /* Over the viewport, as a modal one would be (shown with show(): session-dialogs.ts says why). */
    .backdrop {
      position: fixed;
      inset: 0;
      z-index: var(--rpc-z-index, 10);
      background: var(--_backdrop);
    }
    dialog[open] {
      position: fixed;
      inset: 0;
      z-index: var(--rpc-z-index, 10);
      margin: auto;
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

    @media (forced-colors: active) {
      dialog {
        border-color: CanvasText;
      }
      input {
        border-color: ButtonText;
      }
    }
  `,
];
