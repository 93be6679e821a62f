import { executeServerCommand } from '@web/test-runner-commands';
import { engine } from './engine.js';

/** A modifier held while a key is pressed. */
export type Modifier = 'Control' | 'Shift' | 'Alt' | 'Meta';

/** What the `keys` command (test/support/wtr-keys-plugin.mjs) does: the same in every engine. */
type KeysPayload =
  | { readonly type: string }
  | { readonly press: string }
  | { readonly down: string }
  | { readonly up: string }
  | { readonly combo: { readonly modifiers: readonly Modifier[]; readonly key: string } };

async function keys(payload: KeysPayload): Promise<void> {
  await executeServerCommand('keys', payload);
  // Over BiDi, Firefox may answer before the page has had a key's effects (a Tab's focus event):
  // they are in by the next frame.
  if (engine === 'firefox') await new Promise(requestAnimationFrame);
}

/** Type `text` as real key presses, a character at a time. */
export function typeText(text: string): Promise<void> {
  return keys({ type: text });
}

/** Press one key. */
export function press(key: string): Promise<void> {
  return keys({ press: key });
}

/** Press `key` while holding `modifiers` (real key events through the browser, in any engine). */
export function combo(modifiers: readonly Modifier[], key: string): Promise<void> {
  return keys({ combo: { modifiers, key } });
}

/** Put a key down, and keep it down until {@link keyUp} (a held key, a modifier across keys). */
export function keyDown(key: string): Promise<void> {
  return keys({ down: key });
}

/** Let a key go. */
export function keyUp(key: string): Promise<void> {
  return keys({ up: key });
}
