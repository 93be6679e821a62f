import { css } from 'lit';

export const statusBarStyles = css`
    :host {
      display: block;
      min-inline-size: 0;
    }

    .bar {
      /*
       * One line: items never wrap nor shrink below their text (up to their maximum); what does
       * not fit scrolls, without a scrollbar (the bar keeps its height), so a focused item is
       * always in view.
       */
      overflow-x: auto;
      scrollbar-width: none;
      white-space: nowrap;
      color: var(--_muted);
      background: var(--rpc-status-background, var(--_bg));
      border-block-start: 1px solid var(--rpc-status-border-color, transparent);
    }

    .list {
      /* As wide as its items, so its end padding leaves room for the last one's focus ring. */
      box-sizing: border-box;
      inline-size: max-content;
      min-inline-size: 100%;
      display: flex;
      gap: var(--rpc-status-gap, 1.5ch);
      margin: 0;
      padding-block: 2px;
      padding-inline: 4px;
      list-style: none;
    }

    .item {
      flex-shrink: 0;
      /* Never wider than the bar (a narrow sidebar): its width comes from a ResizeObserver. */
      max-inline-size: min(var(--rpc-status-item-max-inline-size, 40ch), var(--_bar-inline-size, 100vw) - 12px);
      padding-inline: 2px;
      border-radius: 2px;
    }

    .item:focus-visible {
      outline: 2px solid var(--_focus);
      /* Around the text, in the list's padding, not over the letters. */
      outline-offset: 0;
    }

    .text {
      display: block;
      overflow: hidden;
      text-overflow: ellipsis;
      /* As in the agent's footer: line breaks, tabs and runs of spaces show as one space. */
      white-space: nowrap;
      /* Agent text: it takes its own direction (English in an RTL page, say). */
      unicode-bidi: plaintext;
    }

    .item[data-tip] {
      anchor-name: --rpc-status-tip;
    }

    .tooltip {
      position: fixed;
      position-anchor: --rpc-status-tip;
      position-area: block-start span-inline-end;
      /* From the item's start in its own direction (a right-to-left status bar in a left-to-right page). */
      position-area: self-block-start span-self-inline-end;
      position-try-fallbacks: flip-block, flip-inline, flip-block flip-inline;
      inset: auto;
      overflow: visible;
      margin: 0;
      margin-block: 4px;
      max-inline-size: min(60ch, calc(100vw - 16px));
      padding-block: 4px;
      padding-inline: 8px;
      color: var(--_fg);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      unicode-bidi: plaintext;
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      box-shadow: var(--_shadow);
      transition: opacity var(--_duration);
    }

    /* The pointer crosses the gap between an item and its tooltip without leaving the tooltip
       (the tooltip shows all of itself: no popover scroll box to clip this). */
    .tooltip::before {
      content: '';
      position: absolute;
      inset-block: -8px;
      inset-inline: 0;
      z-index: -1;
    }

    @starting-style {
      .tooltip:popover-open {
        opacity: 0;
      }
    }

    @media (forced-colors: active) {
      .bar {
        border-block-start-color: CanvasText;
      }

      .item + .item {
        border-inline-start: 1px solid CanvasText;
        padding-inline-start: 0.75ch;
      }

      .item:focus-visible {
        outline-color: Highlight;
      }

      .tooltip {
        border-color: CanvasText;
      }
    }
`;
