/** A small seeded PRNG (mulberry32): the same seed gives the same stream on every machine. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A number between `min` and `max`, uniform on a log scale (many small, a few large). */
  logUniform(min: number, max: number): number {
    return Math.round(min * (max / min) ** this.next());
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick() needs a non-empty list');
    return item;
  }

  /** A UUID-shaped id (version 4 layout), deterministic. */
  uuid(): string {
    const hex = (digits: number) => {
      let out = '';
      for (let i = 0; i < digits; i++) out += Math.floor(this.next() * 16).toString(16);
      return out;
    };
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${this.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  }
}
