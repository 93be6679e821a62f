import type { ExtensionUIController } from '../../controller/controller.js';

/**
 * Give the elements assigned to a slot (its `slotchange` event) `controller`, where they have a
 * `controller` property and none was set: a host's conversation follows the host's controller.
 */
export function lendController(event: Event, controller: ExtensionUIController): void {
  const slot = event.target;
  if (!(slot instanceof HTMLSlotElement)) return;
  for (const element of slot.assignedElements())
    if ('controller' in element && element.controller === undefined) element.controller = controller;
}
