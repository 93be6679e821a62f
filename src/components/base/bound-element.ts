import { property } from 'lit/decorators.js';
import type { ChangeKind, ExtensionUIController } from '../../controller/controller.js';
import { ControllerBinding } from '../reactive/controller-binding.js';
import { KitElement } from './kit-element.js';

/** What of the controller's state an element renders, and how often: see {@link BoundElement.renders}. */
export interface RenderedState {
  /** The kinds of change that render the element again; every kind when omitted. */
  readonly parts?: readonly ChangeKind[];
  /** At most one render a frame, for state that changes in bursts across many tasks. */
  readonly perFrame?: boolean;
}

/**
 * A kit element bound to an {@link ExtensionUIController} through its `controller` property: it
 * renders again when the parts of the controller's state it names in `static renders` change,
 * while it is on the page. An element follows more of its controller (its events) in
 * {@link BoundElement.follow}, and drops what it kept for the last one in `willUpdate`, as for any
 * property (`changed.has('controller')`).
 */
export class BoundElement extends KitElement {
  /** What of the controller's state the element renders: each element names its parts. */
  protected static renders: RenderedState = {};

  readonly #binding: ControllerBinding = this.#bind();

  /**
   * The controller whose state the element shows. A dialog given one is bound: its answer goes
   * through the controller's `respond`, with no `rpc-response` event.
   */
  @property({ attribute: false })
  get controller(): ExtensionUIController | undefined {
    return this.#binding.controller;
  }
  set controller(controller: ExtensionUIController | undefined) {
    this.#binding.controller = controller;
  }

  /**
   * What the element follows of its controller besides the state it renders, while it is on the
   * page (its events, the agent's models): subscribe, and return how to stop. Called as soon as a
   * controller is set, so that nothing it says next is missed, and again when the element comes
   * back to the page.
   */
  protected follow?(controller: ExtensionUIController): (() => void) | undefined;

  /** Render again as a change of the controller's state does (once a frame, if it renders so). */
  protected requestStateUpdate(): void {
    this.#binding.requestUpdate();
  }

  /** The binding for what this element's class renders (its own `static renders`). */
  #bind(): ControllerBinding {
    const { parts, perFrame } = (this.constructor as typeof BoundElement).renders;
    return new ControllerBinding(this, parts, {
      perFrame,
      follow: (controller) => this.follow?.(controller),
    });
  }
}
