/**
 * A key pressed as a person using a screen reader presses it: then wait until the reader has said
 * something for it (or 5 s of silence) and gone quiet, so that the next key answers what was heard.
 */
import type { ScreenReader } from './orca.js';

/** Press `key`; what the screen reader said for it ('' when it said nothing). */
export async function pressHeard(reader: ScreenReader, key: string): Promise<string> {
  const mark = reader.speech.mark();
  await reader.press(key);
  await reader.speech.waitFor(`something said for ${key}`, /./, mark, 5000).catch(() => '');
  await reader.speech.settle(600);
  return reader.speech.textSince(mark);
}
