import type { ExtensionUIResponse } from '../../protocol/types.js';
import type { PendingDialog } from '../../controller/types.js';
import { quotedText } from '../../protocol/ansi.js';
import { cutText } from '../dialog/cut-text.js';
import { format } from '../strings/format.js';
import type { RpcStrings } from '../strings/strings.js';

/** The most of a typed answer the note repeats: it confirms what was sent, it does not read it all. */
const SHOWN = 80;

/** The first line of `text`, at most {@link SHOWN} characters, marked when cut. */
function excerpt(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > SHOWN || line.length < text.length ? `${line.slice(0, SHOWN)}…` : line;
}

/**
 * The note the queue says once a dialog is answered: "Sent: Blue", "Sent: Yes", "Sent: " and the
 * start of a typed text, or "Cancelled: “Pick a colour”". A screen reader user hears what the
 * agent was told, in their words: the option as shown, the confirm's button as labelled.
 */
export function answerNote(
  dialog: PendingDialog,
  response: ExtensionUIResponse,
  strings: Pick<RpcStrings, 'answerSent' | 'answerCancelled' | 'confirm' | 'deny'>,
): string {
  if ('cancelled' in response)
    return format(strings.answerCancelled, { title: quotedText(cutText(dialog.request.title).text) });
  const answer =
    'confirmed' in response
      ? response.confirmed
        ? strings.confirm
        : strings.deny
      : quotedText(dialog.request.method === 'select' ? response.value : excerpt(response.value));
  return format(strings.answerSent, { answer });
}
