import { css } from 'lit';
import { buttonStyles } from '../internal/buttons.styles.js';
import { errorColor } from '../internal/error-color.js';
import { schemeColors } from '../internal/scheme-colors.js';

export const loginStyles = [
  buttonStyles,
  schemeColors(':host', [
    ['--_link', 'var(--rpc-link-color, var(--vscode-textLink-foreground, %))', '#005fb8', '#4daafc'],
    ['--_done', 'var(--rpc-login-done-color, %)', '#1a7f37', '#3fb950'],
    errorColor('--_failed'),
  ]),
  css`
    :host {
      display: block;
      min-inline-size: 0;
    }

    p {
      margin: 0;
    }

    .panel {
      display: flex;
      flex-direction: column;
      gap: var(--rpc-login-gap, 0.5rem);
    }

    .start {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
    }

    .provider {
      display: inline-flex;
      align-items: center;
      gap: 0.5rem;
    }

    /* Its own surface, as the widgets': the text colour follows the kit's scheme, not the page's. */
    .card {
      display: flex;
      flex-direction: column;
      align-items: start;
      padding-block: 0.625rem;
      padding-inline: 0.75rem;
      color: var(--_fg);
      background: var(--rpc-login-background, var(--_bg));
      border: 1px solid var(--rpc-login-border-color, var(--_border));
      border-inline-start: 4px solid var(--_accent, var(--_focus));
      border-radius: var(--_radius);
      overflow-wrap: anywhere;
    }
    .card[data-state='open'],
    .card[data-state='cancelled'] {
      --_accent: var(--_muted);
    }
    .card[data-state='done'] {
      --_accent: var(--_done);
    }
    .card[data-state='failed'] {
      --_accent: var(--_failed);
    }
    .card > * + * {
      margin-block-start: 0.5rem;
    }
    /* Before its first message the log takes no room; it is rendered all the same, to be heard. */
    .card > .messages:empty {
      margin-block-start: 0;
    }

    .title {
      font-weight: 600;
    }
    .state,
    .hint,
    .note {
      color: var(--_muted);
    }
    .card[data-state='failed'] .state {
      color: var(--_fg);
    }

    /* Agent text: each paragraph in its own direction, line breaks kept. */
    .instructions,
    .message-list .text {
      white-space: pre-wrap;
      unicode-bidi: plaintext;
    }

    .page,
    .device {
      display: flex;
      flex-direction: column;
      align-items: start;
      gap: 0.5rem;
      max-inline-size: 100%;
    }

    .link {
      color: var(--_link);
      text-decoration: underline;
      text-underline-offset: 0.15em;
    }

    .url {
      font-family: var(--_mono);
      font-size: 0.9em;
      overflow-wrap: anywhere;
      /* An address reads left to right, in a right-to-left page too. */
      unicode-bidi: plaintext;
    }
    details .url {
      margin-block-start: 0.25rem;
    }
    summary {
      cursor: pointer;
    }

    .code {
      font-family: var(--_mono);
      font-size: var(--rpc-login-code-font-size, 1.75em);
      font-weight: 600;
      letter-spacing: 0.08em;
      direction: ltr;
      unicode-bidi: isolate;
      user-select: all;
    }

    .copy {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
    }

    .message-list {
      display: flex;
      flex-direction: column;
      gap: 0.25rem;
      margin: 0;
      padding-inline-start: 1.25rem;
    }

    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
      align-self: stretch;
      justify-content: end;
    }

    select {
      font: inherit;
      min-block-size: 2rem;
      padding-inline: 0.4rem;
      color: var(--_input-fg);
      background: var(--_input-bg);
      border: 1px solid var(--_input-border);
      border-radius: calc(var(--_radius) - 2px);
    }

    /* Forced colours: borders drawn in the system's colours, the accent edge kept. */
    @media (forced-colors: active) {
      .card {
        border-color: CanvasText;
      }
      .link {
        color: LinkText;
      }
      select {
        border-color: ButtonText;
      }
    }
  `,
];
