import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection before each timed run, so one case does not pay for the garbage of
 * the one before. `npm run bench` runs plain `tsx`, so when node was not started with
 * `--expose-gc` the flag is set at run time and `gc` is taken from a fresh context.
 * Returns `undefined` when neither works; the bench then runs without it.
 */
export function findGc(): (() => void) | undefined {
  const exposed: unknown = Reflect.get(globalThis, 'gc');
  if (typeof exposed === 'function') return () => void Reflect.apply(exposed, undefined, []);
  try {
    setFlagsFromString('--expose-gc');
    const created: unknown = runInNewContext('gc');
    if (typeof created === 'function') return () => void Reflect.apply(created, undefined, []);
  } catch {
    // Not available on this runtime: run without.
  }
  return undefined;
}
