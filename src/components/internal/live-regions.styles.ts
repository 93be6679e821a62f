import { css } from 'lit';
import { errorColor } from './error-color.js';
import { schemeColors } from './scheme-colors.js';

/**
 * A panel's two live regions, `.status` (polite) and `.error` (an alert, with an edge in the
 * failure colour): they stay in the tree when empty, as a region added with its text is not
 * heard, and take no room then.
 */
export const liveRegionStyles = [
  schemeColors(':host', [errorColor('--_failed')]),
  css`
    .status:empty,
    .error:empty {
      position: absolute;
    }
    .error:not(:empty) {
      padding-inline-start: 0.5rem;
      border-inline-start: 3px solid var(--_failed);
    }

    @media (forced-colors: active) {
      .error:not(:empty) {
        border-inline-start-color: CanvasText;
      }
    }
  `,
];
