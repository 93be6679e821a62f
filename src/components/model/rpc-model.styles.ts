import { css } from 'lit';
import { focusRingStyles } from '../internal/focus-ring.styles.js';
import { listBoxStyles } from '../internal/list-box.styles.js';
import { liveRegionStyles } from '../internal/live-regions.styles.js';

export const modelStyles = [
  focusRingStyles,
  listBoxStyles,
  liveRegionStyles,
  css`
    :host {
      display: block;
      min-inline-size: 0;
      --_list-max-height: var(--rpc-model-max-height, 16rem);
      --_list-bg: var(--rpc-model-background, var(--_bg));
    }

    p {
      margin: 0;
    }

    .panel {
      display: flex;
      flex-direction: column;
      gap: 0.5rem;
    }
    .title {
      font-weight: 600;
    }

    .current,
    .note,
    .meta {
      color: var(--_muted);
    }
    .current .name {
      color: var(--_fg);
    }

    fieldset {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 0.75rem;
      margin: 0;
      padding: 0.375rem 0.625rem 0.5rem;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
    }
    legend {
      padding-inline: 0.25rem;
    }
    fieldset label {
      display: inline-flex;
      align-items: center;
      gap: 0.25rem;
      min-block-size: 1.5rem;
      cursor: pointer;
    }
    input {
      margin: 0;
      accent-color: var(--_focus);
    }

    @media (forced-colors: active) {
      fieldset {
        border-color: CanvasText;
      }
    }
  `,
];
