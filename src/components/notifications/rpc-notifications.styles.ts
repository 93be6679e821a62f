import { css } from 'lit';
import { schemeColors } from '../internal/scheme-colors.js';

/** Each kind's accent. */
const accents = [
  schemeColors('.info', [
    [
      '--_accent',
      'var(--rpc-info-color, var(--vscode-notificationsInfoIcon-foreground, %))',
      '#005fb8',
      '#3794ff',
    ],
  ]),
  schemeColors('.warning', [
    [
      '--_accent',
      'var(--rpc-warning-color, var(--vscode-notificationsWarningIcon-foreground, %))',
      '#8a5300',
      '#cca700',
    ],
  ]),
  schemeColors('.error', [
    [
      '--_accent',
      'var(--rpc-error-color, var(--vscode-notificationsErrorIcon-foreground, %))',
      '#b3261e',
      '#f48771',
    ],
  ]),
];

/** The notification stack: a column of cards, newest on top, placed by the host. */
export const notificationsStyles = [
  ...accents,
  css`
  :host {
    display: block;
    --_note-bg: var(--rpc-notification-background, var(--vscode-notifications-background, var(--_bg)));
    --_note-fg: var(--rpc-notification-foreground, var(--vscode-notifications-foreground, var(--_fg)));
    --_note-border: var(--rpc-notification-border-color, var(--vscode-notifications-border, var(--_border)));
  }
  :host([floating]) {
    position: fixed;
    inset-inline-end: var(--rpc-notifications-offset, 1rem);
    inset-block-end: var(--rpc-notifications-offset, 1rem);
    inline-size: min(24rem, calc(100vw - 2rem));
    z-index: var(--rpc-z-index, 10);
  }
  :host([floating][raised]) {
    inset-block-start: var(--rpc-notifications-offset, 1rem);
    inset-block-end: auto;
  }
  /* A small viewport (a phone, a zoomed page) has no room to float them over: they go in the flow,
     where they cannot cover the field being typed in. */
  @media (max-height: 30rem), (max-width: 30rem) {
    :host([floating]) {
      position: static;
      inline-size: auto;
    }
  }

  .stack,
  .list {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  .list {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .notification {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: start;
    gap: 0.5rem;
    padding-block: 0.5rem;
    padding-inline: 0.625rem 0.375rem;
    color: var(--_note-fg);
    background: var(--_note-bg);
    border: 1px solid var(--_note-border);
    border-inline-start: 4px solid var(--_accent);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
  }
  @media (prefers-reduced-motion: no-preference) {
    .notification {
      animation: rpc-notification-enter var(--_duration) ease-out;
    }
  }
  @keyframes rpc-notification-enter {
    from {
      opacity: 0;
      transform: translateY(0.5rem);
    }
  }

  .icon {
    display: flex;
    color: var(--_accent);
    padding-block-start: 0.125rem;
  }
  svg {
    inline-size: 1rem;
    block-size: 1rem;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .body {
    margin: 0;
    min-inline-size: 0;
    overflow-wrap: anywhere;
    line-height: 1.4;
  }
  .prefix {
    font-weight: 600;
    /* Its own words' direction: the colon stays with them beside the isolated message. */
    unicode-bidi: plaintext;
  }
  .message {
    white-space: pre-wrap;
    /* Agent text: isolated, each paragraph in its own direction (English in an RTL page, say). */
    unicode-bidi: plaintext;
  }

  button {
    font: inherit;
    color: var(--_button2-fg);
    background: var(--_button2-bg);
    border: 1px solid transparent;
    border-radius: calc(var(--_radius) - 2px);
    cursor: pointer;
  }
  button:hover {
    background: var(--_button2-hover);
  }
  button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .close {
    display: flex;
    padding: 0.25rem;
  }
  .more {
    align-self: flex-end;
    color: var(--_note-fg);
    background: var(--_note-bg);
    border-color: var(--_note-border);
    padding-block: 0.25rem;
    padding-inline: 0.5rem;
  }

  @media (forced-colors: active) {
    .notification {
      border-color: CanvasText;
    }
    .icon {
      color: CanvasText;
      forced-color-adjust: none;
    }
    button {
      border-color: ButtonText;
    }
  }
`,
];
