import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChangeKind, ExtensionUIController } from '../../controller/controller.js';
import { FrameUpdate } from './frame-update.js';

/**
 * A Lit reactive controller that re-renders its host when parts of an
 * {@link ExtensionUIController}'s state change. It subscribes while the host is connected and
 * unsubscribes when it leaves the DOM, so nothing is left behind. Lit batches the updates: a
 * burst of changes in one task renders once.
 *
 * ```ts
 * class MyStatus extends LitElement {
 *   #ui = new ControllerBinding(this, ['statuses']);
 *   render() { return html`${this.#ui.controller?.statuses.map((s) => s.text)}`; }
 * }
 * ```
 */
export class ControllerBinding implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #kinds: ReadonlySet<ChangeKind> | undefined;
  readonly #frameUpdate: FrameUpdate | undefined;
  readonly #follow: ((controller: ExtensionUIController) => (() => void) | undefined) | undefined;
  #controller: ExtensionUIController | undefined;
  #stop: (() => void) | undefined;
  #stopFollowing: (() => void) | undefined;
  #connected = false;

  /**
   * @param host the element to update
   * @param kinds the parts of the state it renders; all when omitted, none when empty
   * @param options `perFrame`: at most one update per animation frame, for state that can change
   *   in bursts across many tasks (statuses, widgets, titles animated every 80 ms). `follow`: what
   *   else to keep following of the controller while the host is on the page (its events, say):
   *   called as soon as a controller is set, before any of its next lines, it returns how to stop.
   */
  constructor(
    host: ReactiveControllerHost,
    kinds?: readonly ChangeKind[],
    options: {
      perFrame?: boolean;
      follow?: (controller: ExtensionUIController) => (() => void) | undefined;
    } = {},
  ) {
    this.#host = host;
    this.#kinds = kinds ? new Set(kinds) : undefined;
    this.#frameUpdate = options.perFrame ? new FrameUpdate(host) : undefined;
    this.#follow = options.follow;
    host.addController(this);
  }

  /** The controller to follow; setting it re-subscribes and requests an update. */
  get controller(): ExtensionUIController | undefined {
    return this.#controller;
  }

  set controller(controller: ExtensionUIController | undefined) {
    if (controller === this.#controller) return;
    this.#unsubscribe();
    this.#controller = controller;
    if (this.#connected) this.#subscribe();
    this.#host.requestUpdate();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#subscribe();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#unsubscribe();
  }

  /**
   * Update the host as a change of the controller's state does: with `perFrame`, at the next
   * animation frame, once however often this is called before it.
   */
  requestUpdate(): void {
    if (this.#frameUpdate) this.#frameUpdate.request();
    else this.#host.requestUpdate();
  }

  #subscribe(): void {
    const controller = this.#controller;
    if (!controller) return;
    this.#stopFollowing = this.#follow?.(controller);
    if (this.#kinds?.size === 0) return;
    this.#stop = controller.on('change', (kind) => {
      if (!this.#kinds || this.#kinds.has(kind)) this.requestUpdate();
    });
  }

  #unsubscribe(): void {
    this.#stop?.();
    this.#stop = undefined;
    this.#stopFollowing?.();
    this.#stopFollowing = undefined;
    this.#frameUpdate?.cancel();
  }
}
