import { executeServerCommand } from '@web/test-runner-commands';

/** The user settings that CSS media features report; `''` gives a feature back to the engine. */
export interface MediaSettings {
  readonly colorScheme?: 'light' | 'dark' | '';
  readonly reducedMotion?: 'reduce' | 'no-preference' | '';
  readonly forcedColors?: 'active' | 'none' | '';
}

const FEATURES = {
  colorScheme: 'prefers-color-scheme',
  reducedMotion: 'prefers-reduced-motion',
  forcedColors: 'forced-colors',
} as const;

/**
 * Put the page under these settings, each engine its own way (test/support/wtr-media-plugin.mjs:
 * Chromium's DevTools, Firefox's preferences, WebKitGTK's GTK settings), and wait until the page's
 * `matchMedia` says so. A setting left out keeps its value. WebKit has no forced colours: a test
 * that needs them runs in Chromium and Firefox (`itIn`).
 */
export async function emulateMedia(settings: MediaSettings): Promise<void> {
  const features = Object.entries(settings).map(([key, value]) => ({
    name: FEATURES[key as keyof MediaSettings],
    value: value as string,
  }));
  await executeServerCommand('emulate-media-features', { features });
  const wanted = features.filter(({ value }) => value !== '').map(({ name, value }) => `(${name}: ${value})`);
  const frame = () => new Promise(requestAnimationFrame);
  for (let frames = 0; frames < 120; frames++) {
    if (wanted.every((query) => matchMedia(query).matches)) {
      // WebKit answers matchMedia before it restyles the page: styles follow by the next frame.
      await frame();
      await frame();
      return;
    }
    await frame();
  }
  throw new Error(`The page does not match ${wanted.join(' and ')}`);
}

/** Every setting back to the engine's own (after a test). */
export function resetMedia(): Promise<void> {
  return emulateMedia({ colorScheme: '', reducedMotion: '', forcedColors: '' });
}
