/** Small waiting helpers of the bridge. */

/** Resolve with `promise`'s value, or with `undefined` after `ms` milliseconds, whichever comes first. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
