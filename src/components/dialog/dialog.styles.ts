import { css } from 'lit';

/** The shell shared by the four dialog elements. */
export const dialogStyles = css`
  :host {
    display: contents;
  }
  :host([contained]) {
    display: block;
    position: absolute;
    inset: 0;
    z-index: var(--rpc-z-index, 10);
    pointer-events: none;
    /* The title's cap is a share of this box (cqb); in page mode, of the viewport (svh). */
    container-type: size;
  }
  :host([contained][open]) {
    pointer-events: auto;
  }

  /*
   * The browser's own dialog styles centre it (margin: auto) and give the contained one its
   * position (absolute) and height (fit-content).
   */
  dialog {
    /* At most --_width wide, and --_gap narrower and shorter than the viewport (or the host box). */
    --_width: 36rem;
    --_gap: 2rem;
    box-sizing: border-box;
    inline-size: min(var(--_width), 100% - var(--_gap));
    max-block-size: calc(100% - var(--_gap));
    padding: 0;
    display: flex;
    flex-direction: column;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    overflow: hidden;
  }
  dialog:not([open]) {
    display: none;
  }
  dialog::backdrop,
  .backdrop {
    background: var(--_backdrop);
  }
  /* Contained mode draws its own backdrop. */
  .backdrop {
    position: absolute;
    inset: 0;
  }
  :host([contained]) dialog {
    --_gap: 1rem;
    inset: 0;
  }
  @media (prefers-reduced-motion: no-preference) {
    dialog[open] {
      animation: rpc-enter var(--_duration) ease-out;
    }
  }
  @keyframes rpc-enter {
    from {
      opacity: 0;
      transform: translateY(4px);
    }
  }

  .header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.125rem 0.75rem;
    padding: 0.875rem 1rem 0.5rem;
  }
  /* A row of its own above the title. */
  .eyebrow {
    flex-basis: 100%;
    margin: 0;
  }
  /* The title keeps the agent's line breaks (so does confirm's message: rpc-confirm.styles.ts). */
  h2 {
    flex: 1;
    margin: 0;
    font-size: 1.1em;
    font-weight: 600;
    line-height: 1.35;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    /* A long title (a command to allow, say) scrolls on its own: the body keeps its room. */
    max-block-size: min(40svh, 40cqb);
    overflow-y: auto;
    /* Agent text: each paragraph takes its own direction (English in an RTL page, say). */
    unicode-bidi: plaintext;
  }
  /* The quieter text: login, queue position, countdown, keyboard hint. */
  .eyebrow,
  .position,
  .countdown,
  .hint {
    color: var(--_muted);
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
  }
  .position {
    flex: none;
  }
  /* A column whose scrolling part (a list, a text field) shrinks to fit a short dialog. */
  .body {
    display: flex;
    flex-direction: column;
    padding: 0 1rem;
    /* A scroll container: as a flex item it may shrink to nothing (no min-content floor). */
    overflow: auto;
  }
  .countdown {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.25rem 1rem 0;
  }
  .bar {
    flex: 1;
    block-size: 3px;
    background: var(--_border);
    border-radius: 2px;
    overflow: hidden;
  }
  .fill {
    block-size: 100%;
    background: var(--_focus);
    transform-origin: left;
    transform: scaleX(var(--_fraction, 1));
    transition: transform 1s linear;
  }
  :host(:dir(rtl)) .fill {
    transform-origin: right;
  }
  @media (prefers-reduced-motion: reduce) {
    .fill {
      transition: none;
    }
  }
  /* One row: the first cell (the hint, else the first button) takes the room the buttons leave
     (the hint wraps its words there); the buttons stay together at the end. */
  .actions {
    display: grid;
    grid-auto-flow: column;
    grid-template-columns: 1fr;
    align-items: center;
    gap: 0.5rem;
    padding: 0.75rem 1rem 1rem;
  }
  .actions > button {
    justify-self: end;
  }
  button,
  input,
  textarea {
    font: inherit;
    border-radius: calc(var(--_radius) - 2px);
  }
  button {
    min-block-size: 2rem;
    padding: 0.3rem 0.9rem;
    border: 1px solid var(--_border);
    cursor: pointer;
    background: var(--_button2-bg);
    color: var(--_button2-fg);
  }
  button:hover {
    background: var(--_button2-hover);
  }
  button.primary {
    background: var(--_button-bg);
    color: var(--_button-fg);
    border-color: transparent;
  }
  button.primary:hover {
    background: var(--_button-hover);
  }
  /* Whatever takes focus: buttons, fields, the list box, the notice, a scrolling title or body. */
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  /* A scrolling body is as wide as the dialog, which clips what passes its edge: its ring goes inside. */
  .body:focus-visible {
    outline-offset: -2px;
  }
  button:disabled {
    cursor: default;
    opacity: 0.6;
  }
  input,
  textarea {
    box-sizing: border-box;
    inline-size: 100%;
    color: var(--_input-fg);
    background: var(--_input-bg);
    border: 1px solid var(--_input-border);
    padding: 0.4rem 0.5rem;
  }
  /* What is typed, and the agent's placeholder, take their own direction; the field keeps the
     page's (an empty field in a right-to-left page starts on the right). */
  input,
  textarea,
  ::placeholder {
    unicode-bidi: plaintext;
  }
  ::placeholder {
    color: var(--_muted);
    opacity: 1;
  }

  /* What the dialog says about the agent's text (cut short) and about an answer it did not send:
     the text says it, the bar beside it marks it. */
  .cut,
  .refusal {
    margin: 0.25rem 0;
    padding-inline-start: 0.5rem;
    border-inline-start: 3px solid var(--_muted);
    font-size: 0.9em;
    line-height: 1.4;
  }
  .refusal {
    border-color: var(--_focus);
    font-weight: 600;
  }
  /* Empty, it stays in the tree (a live region), taking no room. */
  .refusal:empty {
    margin: 0;
    border: 0;
    padding: 0;
  }

  .notice {
    margin: 0.5rem 0;
    padding: 0.5rem 0.75rem;
    border-inline-start: 3px solid var(--_muted);
    background: var(--_bg);
    color: var(--_fg);
  }
  /* Empty, it stays focusable: focus goes there when nothing else can take it. */
  .notice:empty {
    position: absolute;
    clip-path: inset(50%);
  }

  /* Forced colours draw every border (the primary button's transparent one too) in CanvasText and
     drop backgrounds: the bar needs a border of its own. */
  @media (forced-colors: active) {
    .bar {
      border: 1px solid CanvasText;
    }
    .fill {
      background: Highlight;
    }
    button.primary {
      border-width: 2px;
    }
  }
`;
