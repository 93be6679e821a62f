import { sendKeys } from '@web/test-runner-commands';

/** Press `key` while holding `modifiers` (real key events through the browser). */
export async function combo(
  modifiers: readonly ('Control' | 'Shift' | 'Alt' | 'Meta')[],
  key: string,
): Promise<void> {
  for (const modifier of modifiers) await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  for (const modifier of [...modifiers].reverse()) await sendKeys({ up: modifier });
}

/** Press one key. */
export function press(key: string): Promise<void> {
  return sendKeys({ press: key });
}
