import { executeServerCommand } from '@web/test-runner-commands';

/** Size the page's viewport, in every engine (test/support/wtr-viewport-plugin.mjs). */
export async function setViewport(size: { readonly width: number; readonly height: number }): Promise<void> {
  await executeServerCommand('viewport', size);
}
