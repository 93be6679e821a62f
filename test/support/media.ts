import { executeServerCommand } from '@web/test-runner-commands';

/** Emulate CSS media features, e.g. `{ 'forced-colors': 'active' }`; `''` resets one. */
export async function emulateFeatures(features: Readonly<Record<string, string>>): Promise<void> {
  await executeServerCommand('emulate-media-features', {
    features: Object.entries(features).map(([name, value]) => ({ name, value })),
  });
}
