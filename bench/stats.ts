/** Small statistics for the benches (bench/browser, bench/e2e). */

function sorted(values: readonly number[]): number[] {
  return values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
}

/** The median (mean of the two middle values for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const list = sorted(values);
  const middle = Math.floor(list.length / 2);
  const upper = list[middle] ?? Number.NaN;
  return list.length % 2 === 1 ? upper : ((list[middle - 1] ?? upper) + upper) / 2;
}

/** The `fraction` percentile by nearest rank (0.95: the value 95% of the samples do not exceed). */
export function percentile(values: readonly number[], fraction: number): number {
  const list = sorted(values);
  if (list.length === 0) return Number.NaN;
  const rank = Math.min(list.length, Math.max(1, Math.ceil(fraction * list.length)));
  return list[rank - 1] ?? Number.NaN;
}

export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
