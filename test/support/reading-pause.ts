import type { Page } from 'playwright-core';
import { strayInput } from '../../src/components/dialog/stray-input.js';

/**
 * Take the moment a user takes to read a dialog before answering it: one that showed within
 * half a second of a key press or a click (the command typed just before, the answer to the
 * dialog before) ignores Enter and clicks for that long (`strayInput`, the stray-input guard).
 */
export function readingPause(page: Page): Promise<void> {
  return page.waitForTimeout(strayInput.guardMs);
}
