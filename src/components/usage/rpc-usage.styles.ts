import { css } from 'lit';
import { buttonStyles } from '../internal/buttons.styles.js';
import { liveRegionStyles } from '../internal/live-regions.styles.js';

export const usageStyles = [
  buttonStyles,
  liveRegionStyles,
  css`
  :host {
    display: block;
    min-inline-size: 0;
  }

  .panel {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25rem 1rem;
  }
  .title {
    font-weight: 600;
  }

  dl {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    margin: 0;
  }
  dl > div {
    display: flex;
    gap: 0.35rem;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }

  meter {
    inline-size: 6rem;
    block-size: 0.6rem;
    vertical-align: middle;
  }
  .waiting {
    color: var(--_muted);
  }

  .compact {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    flex-basis: 100%;
  }
  .status,
  .error {
    margin: 0;
    flex-basis: 100%;
  }
  .status:empty,
  .error:empty {
    flex-basis: auto;
  }
`,
];
