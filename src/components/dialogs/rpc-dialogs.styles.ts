import { css } from 'lit';

export const dialogsStyles = css`
  :host {
    display: contents;
  }
  :host([contained]) {
    display: block;
    position: absolute;
    inset: 0;
    pointer-events: none;
  }
  /* The dialogs take this element's colour scheme (and so the host's). */
  rpc-select,
  rpc-confirm,
  rpc-input,
  rpc-editor {
    color-scheme: inherit;
  }
  .notice {
    position: fixed;
    inset-block-end: 1rem;
    inset-inline-start: 50%;
    translate: -50% 0;
    max-inline-size: min(32rem, 100% - 2rem);
    padding: 0.5rem 0.875rem;
    background: var(--_bg);
    color: var(--_fg);
    border: 1px solid var(--_border);
    border-inline-start: 3px solid var(--_focus);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    pointer-events: auto;
  }
  :host(:dir(rtl)) .notice {
    translate: 50% 0;
  }
  :host([contained]) .notice {
    position: absolute;
  }
  /* Empty, it stays focusable: focus goes there when nothing else can take it. */
  .notice:empty {
    clip-path: inset(50%);
  }
  @media (forced-colors: active) {
    .notice {
      border: 1px solid CanvasText;
    }
  }
`;
