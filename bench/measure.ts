import type { BenchCase } from './cases.js';

export interface MeasureOptions {
  readonly warmups: number;
  readonly runs: number;
  /** Called before every timed pass (a full GC when available). */
  readonly beforeEach?: () => void;
  /** Called after every pass, e.g. to show progress. */
  readonly onPass?: (benchCase: BenchCase, ms: number, warmup: boolean) => void;
}

/** The timings of one case. */
export interface Timing {
  readonly benchCase: BenchCase;
  /** Milliseconds of the timed passes (warm-ups excluded), in order. */
  readonly samples: readonly number[];
  readonly medianMs: number;
}

/**
 * Times every case round-robin (a, b, c, d, e, then again), so drift in the machine's speed
 * spreads over all cases alike. Throws when a pass reports a problem: a fast wrong answer is no
 * result.
 */
export async function measure(cases: readonly BenchCase[], options: MeasureOptions): Promise<Timing[]> {
  const samples = cases.map((): number[] => []);
  for (let round = 0; round < options.warmups + options.runs; round++) {
    const warmup = round < options.warmups;
    for (const [index, benchCase] of cases.entries()) {
      options.beforeEach?.();
      const start = performance.now();
      const result = benchCase.run();
      const problems = result instanceof Promise ? await result : result;
      const ms = performance.now() - start;
      if (problems.length > 0) throw new Error(`case ${benchCase.id}: ${problems.join('; ')}`);
      if (!warmup) samples[index]?.push(ms);
      options.onPass?.(benchCase, ms, warmup);
    }
  }
  return cases.map((benchCase, index) => {
    const times = samples[index] ?? [];
    return { benchCase, samples: times, medianMs: median(times) };
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}
