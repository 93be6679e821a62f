import { executeServerCommand, sendKeys } from '@web/test-runner-commands';

/** Press `key` while holding `modifiers` (real key events through the browser, in any engine). */
export async function combo(
  modifiers: readonly ('Control' | 'Shift' | 'Alt' | 'Meta')[],
  key: string,
): Promise<void> {
  await executeServerCommand('key-combo', { modifiers, key });
}

/** Press one key. */
export function press(key: string): Promise<void> {
  return sendKeys({ press: key });
}
