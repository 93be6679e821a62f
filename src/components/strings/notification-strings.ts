/** The notifications' strings, and the notes the kit itself adds to them. */
import type { ClientNote } from '../../controller/types.js';
import { quotedText } from '../../protocol/ansi.js';
import { type CountedText, format } from './format.js';
import { type RpcStrings, stringsFor } from './strings.js';
import { textTruncated } from './truncated.js';

/** What `rpc-notifications` says, and the client's own notes (see `ClientNote`). */
export interface NotificationStrings {
  /** Notifications: the list's accessible name. */
  notificationsLabel: string;
  /** Notifications: the visible prefix of an info message. */
  infoPrefix: string;
  /** Notifications: the visible prefix of a warning. */
  warningPrefix: string;
  /** Notifications: the visible prefix of an error. */
  errorPrefix: string;
  /** Notifications: the close button's accessible name. */
  dismissNotification: string;
  /** Notifications: the button that shows the hidden ones: `{count}` more. */
  moreNotifications: CountedText;
  /** Notifications: the button that folds the list back. */
  fewerNotifications: string;
  /** Note: a dialog open here was answered in another tab: `{title}`. */
  answeredElsewhere: string;
  /** Note: another tab's answer reached the agent before this one: `{title}`. */
  answerNotUsed: string;
  /** Note: this tab's answer reached the agent after it stopped waiting: `{title}`. */
  answerTooLate: string;
  /** Note: the agent withdrew a question before it was answered: `{title}`. */
  withdrawn: string;
  /** Note: an extension UI request that is not JSON, perhaps a question nobody sees: `{error}`. */
  unreadableRequest: string;
  /** Note: a dialog whose fields could not be used, answered cancelled: `{method}`, `{fields}`. */
  invalidDialog: string;
}

/** The notifications' strings. */
export const notificationsEnglish = {
  textTruncated,
  notificationsLabel: 'Notifications',
  infoPrefix: 'Info:',
  warningPrefix: 'Warning:',
  errorPrefix: 'Error:',
  dismissNotification: 'Dismiss notification',
  moreNotifications: { one: '+{count} more', other: '+{count} more' },
  fewerNotifications: 'Show fewer',
  answeredElsewhere: '“{title}” was answered in another tab.',
  answerNotUsed: 'Another tab answered “{title}” first: your answer was not used.',
  answerTooLate:
    'Your answer to “{title}” arrived after the agent stopped waiting: it went on with its default.',
  withdrawn: 'The agent withdrew “{title}”: it no longer waits for an answer.',
  unreadableRequest:
    'The agent sent an extension UI request that is not valid JSON ({error}): it may be waiting on a question that cannot be shown.',
  invalidDialog:
    'The agent asked a {method} that cannot be shown (wrong or missing: {fields}): it was answered as cancelled.',
} satisfies Partial<RpcStrings>;

/** The strings a note is worded with. */
export type NoteStrings = Pick<
  RpcStrings,
  | 'answeredElsewhere'
  | 'answerNotUsed'
  | 'answerTooLate'
  | 'withdrawn'
  | 'unreadableRequest'
  | 'invalidDialog'
>;

/**
 * A note of the client's own (see `ClientNote`), worded with `strings` (the global ones by
 * default). A quoted title is isolated.
 */
export function noteText(
  note: ClientNote,
  strings: NoteStrings = stringsFor(notificationsEnglish, {}),
): string {
  switch (note.kind) {
    case 'answered-elsewhere':
      return format(strings.answeredElsewhere, { title: quotedText(note.title) });
    case 'answer-not-used':
      return format(strings.answerNotUsed, { title: quotedText(note.title) });
    case 'answer-too-late':
      return format(strings.answerTooLate, { title: quotedText(note.title) });
    case 'withdrawn':
      return format(strings.withdrawn, { title: quotedText(note.title) });
    case 'unreadable-request':
      return format(strings.unreadableRequest, { error: note.error });
    case 'invalid-dialog':
      return format(strings.invalidDialog, { method: note.method, fields: note.fields.join(', ') });
  }
}
