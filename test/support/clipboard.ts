/**
 * The page's clipboard, as a test holds it: what was written to it, and a switch that makes it
 * refuse (as a browser does without permission). `restore()` gives the page its own back.
 */
export interface HeldClipboard {
  /** Each text written, in order. */
  readonly copied: string[];
  /** While true, writing is refused with `NotAllowedError`. */
  refuse: boolean;
  restore(): void;
}

/** Hold `navigator.clipboard.writeText` until `restore()`. */
export function holdClipboard(): HeldClipboard {
  const clipboard = navigator.clipboard;
  const writeText = clipboard.writeText;
  const held: HeldClipboard = {
    copied: [],
    refuse: false,
    restore: () => {
      clipboard.writeText = writeText;
    },
  };
  clipboard.writeText = (text: string) => {
    if (held.refuse) return Promise.reject(new DOMException('Denied', 'NotAllowedError'));
    held.copied.push(text);
    return Promise.resolve();
  };
  return held;
}
