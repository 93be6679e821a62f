import { executeServerCommand } from '@web/test-runner-commands';
import { engine } from './engine.js';

/**
 * Emulate CSS media features, e.g. `{ 'forced-colors': 'active' }`; `''` resets one. Through
 * Chromium's DevTools: elsewhere a reset has nothing to undo, and anything else throws.
 */
export async function emulateFeatures(features: Readonly<Record<string, string>>): Promise<void> {
  if (engine !== 'chromium' && Object.values(features).every((value) => value === '')) return;
  await executeServerCommand('emulate-media-features', {
    features: Object.entries(features).map(([name, value]) => ({ name, value })),
  });
}
