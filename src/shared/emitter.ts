/** A listener for one event type of an {@link Emitter}. */
export type Listener<T> = (event: T) => void;

/**
 * A small typed event emitter that runs in Node and browsers alike.
 * `on` returns the function that removes the listener. A listener that throws does not stop
 * the others; the error is rethrown asynchronously so it still reaches the console.
 */
export class Emitter<Events extends object> {
  #listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Listen for `type`; returns the function that stops listening. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(listener);
    return () => this.off(type, listener);
  }

  /** Stop listening. */
  off<K extends keyof Events>(type: K, listener: Listener<Events[K]>): void {
    const set = this.#listeners.get(type);
    if (set?.delete(listener) && set.size === 0) this.#listeners.delete(type);
  }

  /** How many listeners `type` has (all types when omitted). */
  listenerCount(type?: keyof Events): number {
    if (type !== undefined) return this.#listeners.get(type)?.size ?? 0;
    let count = 0;
    for (const set of this.#listeners.values()) count += set.size;
    return count;
  }

  /** Whether anybody listens for `type`; lets producers skip work nobody wants. */
  has(type: keyof Events): boolean {
    return this.#listeners.has(type);
  }

  /** Drop every listener. */
  clear(): void {
    this.#listeners.clear();
  }

  /** Call every listener of `type` with `event`. */
  emit<K extends keyof Events>(type: K, event: Events[K]): void {
    const set = this.#listeners.get(type);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as Listener<Events[K]>)(event);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
