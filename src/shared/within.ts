/** Waiting with a limit: a promise raced against a timer, for shutdowns that must not hang. */

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
