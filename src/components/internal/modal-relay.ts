/**
 * While a page-modal dialog is open, screen readers ignore the rest of the page, live regions
 * included: what the kit's other elements announce meanwhile (a notification, the connection, a
 * status, a dialog that timed out) would go unheard. They also say it here, inside the kit's
 * modal dialog that has focus.
 */

import { deepActiveElement } from './focus.js';

/** How many relayed messages a dialog keeps (older ones are gone from its live region). */
const KEPT = 3;

/** The kit's page-modal dialog that has focus, if any. */
function focusedModal(): HTMLDialogElement | undefined {
  const dialog = deepActiveElement()?.closest('dialog');
  const root = dialog?.getRootNode();
  const ours = root instanceof ShadowRoot && root.host.localName.startsWith('rpc-');
  return ours && dialog?.matches(':modal') ? dialog : undefined;
}

/** Say `message` politely inside the kit's page-modal dialog that has focus, if one is open. */
export function relayToModal(message: string): void {
  if (!message) return;
  // A frame later: a dialog that follows another (the one that just timed out) is open by then.
  requestAnimationFrame(() => {
    const dialog = focusedModal();
    if (!dialog) return;
    let region = dialog.querySelector(':scope > .relay');
    if (!region) {
      region = document.createElement('div');
      region.className = 'relay visually-hidden';
      region.setAttribute('role', 'status');
      dialog.append(region);
    }
    // A live region just added may not be watched yet: the message comes a frame after it.
    const live = region;
    requestAnimationFrame(() => {
      const line = document.createElement('p');
      line.textContent = message;
      live.append(line);
      while (live.childElementCount > KEPT) live.firstElementChild?.remove();
      // Said: gone after a while, so that a later request in the same dialog does not carry it.
      setTimeout(() => line.remove(), 10_000);
    });
  });
}
