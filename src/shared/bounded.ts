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

/** A map that forgets its oldest entries beyond `limit`; setting a key makes it the newest. */
export class BoundedMap<K, V> {
  readonly #items = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  set(key: K, value: V): void {
    this.#items.delete(key);
    this.#items.set(key, value);
    if (this.#items.size > this.#limit) {
      const oldest = this.#items.keys().next();
      if (!oldest.done) this.#items.delete(oldest.value);
    }
  }

  get(key: K): V | undefined {
    return this.#items.get(key);
  }

  has(key: K): boolean {
    return this.#items.has(key);
  }

  /** Remove `key`; whether it was there. */
  delete(key: K): boolean {
    return this.#items.delete(key);
  }

  clear(): void {
    this.#items.clear();
  }

  get size(): number {
    return this.#items.size;
  }

  /** The entries, oldest first. */
  entries(): [K, V][] {
    return [...this.#items];
  }

  values(): V[] {
    return [...this.#items.values()];
  }
}
