import { css } from 'lit';

export const widgetStyles = css`
    :host {
      display: block;
      min-inline-size: 0;
    }

    .region {
      display: flex;
      flex-direction: column;
      gap: var(--rpc-widget-gap, 4px);
    }

    .widget {
      padding-block: 2px;
      padding-inline: 4px;
      font-family: var(--_mono);
      /* Its own surface, as the status bar's: the text colour follows the kit's scheme, not the page's. */
      background: var(--rpc-widget-background, var(--_bg));
      border-inline-start: 2px solid var(--rpc-widget-border-color, transparent);
    }

    .line {
      /* Whitespace kept as sent; long lines wrap rather than widen the host. */
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      tab-size: 4;
      min-block-size: 1lh;
      /* Agent text: each line takes its own direction (English in an RTL page, say). */
      unicode-bidi: plaintext;
    }

    @media (forced-colors: active) {
      .widget {
        border-inline-start-color: CanvasText;
      }
    }
`;
