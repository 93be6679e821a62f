import { executeServerCommand } from '@web/test-runner-commands';

/** A viewport's size in CSS px. */
export interface ViewportSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Size the page's viewport, in every engine (test/support/wtr-viewport-plugin.mjs); it resolves
 * once the page's own `innerWidth` and `innerHeight` say that size.
 */
export async function setViewport(size: ViewportSize): Promise<void> {
  await executeServerCommand('viewport', size);
  const frame = () => new Promise(requestAnimationFrame);
  for (let frames = 0; frames < 120; frames++) {
    if (innerWidth === size.width && innerHeight === size.height) {
      // Laid out again in the new size by the next frame.
      await frame();
      await frame();
      return;
    }
    await frame();
  }
  throw new Error(`The viewport is ${innerWidth}×${innerHeight}, not ${size.width}×${size.height}`);
}

/** The viewport's size now: what to give back after a test that changes it. */
export function viewportSize(): ViewportSize {
  return { width: innerWidth, height: innerHeight };
}
