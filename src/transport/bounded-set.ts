/** A set that forgets its oldest entries beyond `limit`. */
export class BoundedSet<T> {
  readonly #items = new Set<T>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  add(item: T): void {
    this.#items.delete(item);
    this.#items.add(item);
    if (this.#items.size > this.#limit) {
      const oldest = this.#items.values().next();
      if (!oldest.done) this.#items.delete(oldest.value);
    }
  }

  /** Remove `item`; whether it was there. */
  delete(item: T): boolean {
    return this.#items.delete(item);
  }

  has(item: T): boolean {
    return this.#items.has(item);
  }

  values(): T[] {
    return [...this.#items];
  }
}
