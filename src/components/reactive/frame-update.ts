import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Updates its host at most once an animation frame, however often it is asked before then: for
 * state that changes in bursts across many tasks (a reply streamed token by token, a status
 * animated every 80 ms), which Lit's own batching, within one task, does not gather. Without
 * animation frames (no DOM) the update is asked for at once.
 */
export class FrameUpdate implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #frame: number | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Update the host at the next frame: once, however often this is called before it. */
  request(): void {
    if (typeof requestAnimationFrame !== 'function') this.#host.requestUpdate();
    else this.#frame ??= requestAnimationFrame(this.#onFrame);
  }

  /** Drop the update asked for, if it has not run yet. */
  cancel(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
  }

  hostDisconnected(): void {
    this.cancel();
  }

  #onFrame = (): void => {
    this.#frame = undefined;
    this.#host.requestUpdate();
  };
}
