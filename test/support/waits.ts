/** The next rendering frame: what a frame's work (a scroll event, a resize) has come by. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * A barrier for "injected markup ran nothing": an image at the address the injected one would
 * load (`<img src=x onerror=…>`) fails to load here. One injected earlier started loading first,
 * so its error, and the handler it carries, has come by the time this one resolves.
 */
export function imageSettled(src = 'x'): Promise<void> {
  return new Promise((resolve) => {
    const image = new Image();
    image.addEventListener('error', () => resolve(), { once: true });
    image.addEventListener('load', () => resolve(), { once: true });
    image.src = src;
  });
}
