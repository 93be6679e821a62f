/**
 * A numeric option, checked: `value` when it is at least `min`.
 * @throws RangeError naming the option otherwise (NaN included)
 */
export function atLeast(min: number, name: string, value: number): number {
  if (!(value >= min)) throw new RangeError(`${name} must be a number of at least ${min}, not ${value}.`);
  return value;
}
