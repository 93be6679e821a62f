import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ExtensionUIController } from '../../controller/controller.js';
import { followModels } from '../../controller/models.js';

/**
 * A Lit reactive controller that follows the agent's models (`followModels`) for the controller
 * it is given, while its host is on the page: the agent is asked which providers it offers.
 */
export class ModelsBinding implements ReactiveController {
  #controller: ExtensionUIController | undefined;
  #connected = false;
  #stop: (() => void) | undefined;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  set controller(controller: ExtensionUIController | undefined) {
    this.#controller = controller;
    this.#follow();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#follow();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#follow();
  }

  #follow(): void {
    this.#stop?.();
    this.#stop = this.#connected && this.#controller ? followModels(this.#controller).stop : undefined;
  }
}
