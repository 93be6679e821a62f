/** The dialogs' strings: the four dialogs, the queue that shows them, and a dialog's expiry. */
import type { ExpireEvent } from '../../controller/types.js';
import { quotedText } from '../../protocol/ansi.js';
import { type CountedText, format } from './format.js';
import { type RpcStrings, stringsFor } from './strings.js';
import { textTruncated } from './truncated.js';

/** What the dialogs say (`rpc-select`, `rpc-confirm`, `rpc-input`, `rpc-editor`, `rpc-dialogs`). */
export interface DialogStrings {
  /** Confirm: the affirmative button. */
  confirm: string;
  /** Confirm: the negative button. */
  deny: string;
  /** Select, input, editor: the submit button. */
  submit: string;
  /** Every dialog: the cancel button. */
  cancel: string;
  /** Queue position, e.g. "1 of 3". */
  position: string;
  /** Countdown, shown and read with the dialog: `{seconds}` left. */
  secondsLeft: string;
  /** Countdown announcement at thresholds: `{count}` seconds left. */
  secondsLeftAnnouncement: CountedText;
  /** Shown briefly after a dialog timed out: `{title}`. */
  expired: string;
  /** Dialog queue: an answer that could not be sent before the dialog timed out: `{title}`. */
  undelivered: string;
  /** Select: the filter field's label. */
  filterLabel: string;
  /** Select: shown when the filter matches nothing. */
  noMatches: string;
  /** Select: how many options match, for screen readers: `{count}`. */
  matchCount: CountedText;
  /** Editor: the keyboard hint. */
  editorHint: string;
  /** Input: the keyboard hint. */
  inputHint: string;
  /** Editor shown as a prompt (oh-my-pi's `promptStyle`): the submit button. */
  promptSubmit: string;
  /** Editor shown as a prompt: the keyboard hint. */
  promptHint: string;
  /** Every dialog of an agent's login (atomic's `oauth_*`): the line above the title, `{provider}`. */
  loginEyebrow: string;
  /** Input: the title of a login's manual-code question (atomic's `oauth_manual_code`), `{provider}`. */
  loginCodeTitle: string;
  /** Input: why a login's manual-code question was not sent empty (atomic's `oauth_manual_code`). */
  loginCodeRefused: string;
  /**
   * Input: the link to a login's page beside its manual-code question, where the code comes from
   * (the login panel is behind the dialog): `{host}`.
   */
  loginPageLink: string;
  /** Every dialog: the agent cut the title to fit its frame (oh-my-pi), `{count}` characters left out. */
  titleCut: CountedText;
  /** Confirm: the agent cut the message to fit its frame, `{count}` characters left out. */
  messageCut: CountedText;
  /** Input: the agent cut the placeholder to fit its frame, `{count}` characters left out. */
  placeholderCut: CountedText;
  /** Editor: the agent cut the text to edit to fit its frame (its last line is the mark), `{count}` characters left out. */
  prefillCut: CountedText;
  /** Editor: why the agent's cut text was not sent back: its cut mark is still in it. */
  prefillCutRefused: string;
  /** Select: the agent cut the list of options to fit its frame, `{count}` options left out. */
  optionsCut: CountedText;
}

/** The strings every dialog shows. */
export const dialogEnglish = {
  textTruncated,
  submit: 'OK',
  cancel: 'Cancel',
  position: '{index} of {total}',
  secondsLeft: '{seconds} s left',
  secondsLeftAnnouncement: { one: '{count} second left to answer', other: '{count} seconds left to answer' },
  expired: '“{title}” timed out: the agent went on with its default.',
  loginEyebrow: 'Log in to {provider}',
  titleCut: {
    one: 'The agent cut this title short: {count} character left out.',
    other: 'The agent cut this title short: {count} characters left out.',
  },
} satisfies Partial<RpcStrings>;

/** rpc-dialogs' own strings (besides {@link dialogEnglish}). */
export const queueEnglish = {
  undelivered:
    'Your answer to “{title}” could not be sent before the agent stopped waiting: it went on with its default.',
} satisfies Partial<RpcStrings>;

/** rpc-confirm's own strings (besides {@link dialogEnglish}). */
export const confirmEnglish = {
  confirm: 'Yes',
  deny: 'No',
  messageCut: {
    one: 'The agent cut this message short: {count} character left out.',
    other: 'The agent cut this message short: {count} characters left out.',
  },
} satisfies Partial<RpcStrings>;

/** rpc-select's own strings (besides {@link dialogEnglish}). */
export const selectEnglish = {
  filterLabel: 'Filter options',
  noMatches: 'No matching options',
  matchCount: { one: '{count} option matches', other: '{count} options match' },
  optionsCut: {
    one: 'The agent cut this list short: {count} option left out.',
    other: 'The agent cut this list short: {count} options left out.',
  },
} satisfies Partial<RpcStrings>;

/** rpc-input's own strings (besides {@link dialogEnglish}). */
export const inputEnglish = {
  inputHint: 'Enter to submit, Escape to cancel',
  placeholderCut: {
    one: 'The agent cut the placeholder short: {count} character left out.',
    other: 'The agent cut the placeholder short: {count} characters left out.',
  },
  loginCodeTitle: 'Paste the code from {provider}, or the address your browser was sent to',
  loginCodeRefused:
    'Not sent: paste the code from the sign-in page, or the address your browser was sent to.',
  loginPageLink: 'Open the sign-in page at {host} (a new tab)',
} satisfies Partial<RpcStrings>;

/** rpc-editor's own strings (besides {@link dialogEnglish}). */
export const editorEnglish = {
  editorHint: 'Ctrl+Enter to submit, Escape to cancel',
  promptSubmit: 'Send',
  promptHint: 'Ctrl+Enter to send, Escape to cancel',
  prefillCut: {
    one: 'The agent cut this text short: {count} character left out. Its last line marks the cut and is not the agent’s text.',
    other:
      'The agent cut this text short: {count} characters left out. Its last line marks the cut and is not the agent’s text.',
  },
  prefillCutRefused:
    'Not sent: the text still holds the agent’s cut mark. Delete that line to send the text as yours, or cancel.',
} satisfies Partial<RpcStrings>;

/**
 * What a user reads when a dialog ended at its deadline with no answer at the agent (the
 * controller's `expire` event): it timed out, or the answer given could not be sent in time.
 */
export function expiryText(
  { dialog, reason }: Pick<ExpireEvent, 'dialog' | 'reason'>,
  strings: Pick<RpcStrings, 'expired' | 'undelivered'> = stringsFor(
    { ...dialogEnglish, ...queueEnglish },
    {},
  ),
): string {
  const title = quotedText(dialog.request.title);
  return format(reason === 'timeout' ? strings.expired : strings.undelivered, { title });
}
