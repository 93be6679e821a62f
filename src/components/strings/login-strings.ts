/** The login panel's strings (`rpc-login`): a part of {@link RpcStrings}. */
import type { CountedText } from './format.js';
import type { RpcStrings } from './strings.js';
import { textTruncated } from './truncated.js';

/** The strings `rpc-login` shows. */
export interface LoginStrings {
  /** Login panel: the panel's accessible name. */
  loginsLabel: string;
  /** Login panel: the accessible name of the form that starts a login. */
  loginStartLabel: string;
  /** Login panel: the label of the provider list. */
  loginProviderLabel: string;
  /** Login panel: the button that starts the login of the chosen provider. */
  loginStart: string;
  /** Login panel: the button that starts the login of the only provider: `{provider}`. */
  loginStartProvider: string;
  /** Login panel: a card's title (and accessible name): `{provider}`. */
  loginTitle: string;
  /** Login panel: the title of a card with a page to open and no provider named (oh-my-pi's `open_url`). */
  loginPageTitle: string;
  /** Login panel: a login that runs and has nothing else to say. */
  loginRunning: string;
  /** Login panel: a login whose cancellation was sent, until the agent answers. */
  loginCancelling: string;
  /** Login panel: the login ended signed in. */
  loginDone: string;
  /** Login panel: the login ended cancelled. */
  loginCancelled: string;
  /** Login panel: the login failed, with the agent's error text: `{error}`. */
  loginFailed: string;
  /** Login panel: the login failed, without an error text. */
  loginFailedBare: string;
  /** Login panel: the link to the page to open: `{host}`. */
  loginOpenPage: string;
  /** Login panel: the disclosure that shows the page's full address. */
  loginShowAddress: string;
  /** Login panel: what precedes the local launch address (oh-my-pi's `launchUrl`). */
  loginLaunchHint: string;
  /** Login panel: the button that copies the page's address. */
  loginCopyLink: string;
  /** Login panel: the button that copies the local launch address. */
  loginCopyLaunch: string;
  /** Login panel: the button that copies the device code. */
  loginCopyCode: string;
  /** Login panel: shown and announced once a copy worked. */
  loginCopied: string;
  /** Login panel: shown and announced when the clipboard refused the copy. */
  loginCopyFailed: string;
  /** Login panel: said after an address that is not http or https, shown as text rather than a link. */
  loginNotALink: string;
  /** Login panel: a link of the agent's that has a label: `{label}`, `{host}`. */
  loginLinkLabel: string;
  /** Login panel: what precedes the device code. */
  loginCodeHint: string;
  /** Login panel: the link to the page where the code is entered: `{host}`. */
  loginCodePage: string;
  /** Login panel: the device code's time left, shown: `{time}` (minutes:seconds). */
  loginCodeExpiresIn: string;
  /** Login panel: the device code's time left, announced at thresholds: `{time}` (loginMinutes, loginSeconds). */
  loginCodeExpiryAnnouncement: string;
  /** Login panel: whole minutes, in an announcement: `{count}`. */
  loginMinutes: CountedText;
  /** Login panel: seconds, in an announcement: `{count}`. */
  loginSeconds: CountedText;
  /** Login panel: the device code's time ran out. */
  loginCodeExpired: string;
  /** Login panel: the accessible name of a login's progress messages. */
  loginMessagesLabel: string;
  /** Login panel: the button that cancels a running login. */
  loginCancel: string;
  /** Login panel: the button that removes a card. */
  loginDismiss: string;
  /** Login panel: a start or a cancel that could not be sent to the agent. */
  loginSendFailed: string;
  /** Login panel: what is announced about a card: `{title}`, `{text}`. */
  loginAnnouncement: string;
  /** Login panel: announced when a page to open arrives. */
  loginPageReady: string;
  /** Login panel: announced when a device code arrives: `{code}`. */
  loginCodeReady: string;
}

/** The login panel's strings. */
export const loginEnglish = {
  textTruncated,
  loginsLabel: 'Sign-in',
  loginStartLabel: 'Sign in to a provider',
  loginProviderLabel: 'Provider',
  loginStart: 'Sign in',
  loginStartProvider: 'Sign in to {provider}',
  loginTitle: 'Sign in to {provider}',
  loginPageTitle: 'Sign-in page',
  loginRunning: 'Signing in…',
  loginCancelling: 'Cancelling…',
  loginDone: 'Signed in.',
  loginCancelled: 'Sign-in cancelled.',
  loginFailed: 'Sign-in failed: {error}',
  loginFailedBare: 'Sign-in failed.',
  loginOpenPage: 'Open the sign-in page ({host})',
  loginShowAddress: 'Show the full address',
  loginLaunchHint: 'If that address was cut short, open this local one instead:',
  loginCopyLink: 'Copy link',
  loginCopyLaunch: 'Copy local address',
  loginCopyCode: 'Copy code',
  loginCopied: 'Copied',
  loginCopyFailed: 'Could not copy: select the text and copy it yourself.',
  loginNotALink: 'Not offered as a link: only http and https addresses are.',
  loginLinkLabel: '{label} ({host})',
  loginCodeHint: 'Enter this code on the page:',
  loginCodePage: 'Open the page for the code ({host})',
  loginCodeExpiresIn: 'Expires in {time}',
  loginCodeExpiryAnnouncement: 'Time left to enter the code: {time}',
  loginMinutes: { one: '{count} minute', other: '{count} minutes' },
  loginSeconds: { one: '{count} second', other: '{count} seconds' },
  loginCodeExpired: 'The code has expired.',
  loginMessagesLabel: 'Progress',
  loginCancel: 'Cancel sign-in',
  loginDismiss: 'Dismiss',
  loginSendFailed: 'The agent could not be reached. Try again.',
  loginAnnouncement: '{title}: {text}',
  loginPageReady: 'a page to open is ready.',
  loginCodeReady: 'enter the code {code}.',
} satisfies Partial<RpcStrings>;
