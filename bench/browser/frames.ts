/**
 * Tasks and frames on the bench pages: tasks through one MessageChannel, first in first out (no
 * timer clamping), and "painted": the first task after a frame's `requestAnimationFrame`
 * callbacks, by which time style, layout and paint of that frame are done.
 */
const WAIT_MS = 5000;

const channel = new MessageChannel();
const queued: (() => void)[] = [];
channel.port1.onmessage = () => queued.shift()?.();

export function postTask(run: () => void): void {
  queued.push(run);
  channel.port2.postMessage(null);
}

export const nextTask = () => new Promise<void>((resolve) => postTask(resolve));
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The next frame: when its rAF callback ran, and when the first task after it ran. */
export function afterFrame(): Promise<{ rafAt: number; doneAt: number }> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const rafAt = performance.now();
      postTask(() => resolve({ rafAt, doneAt: performance.now() }));
    });
  });
}

/** `promise`, or a rejection naming `what` after `ms`. */
export async function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench page: no ${what} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
