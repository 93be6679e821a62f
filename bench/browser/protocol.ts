/**
 * What the bench page (page.ts, in Chromium) and its driver (index.ts, in Node) exchange: the
 * functions the page puts on `window.rpcBench` and the figures they return. Types only.
 */

/** The dialog methods the latency and memory passes cycle through. */
export type BenchDialogMethod = 'confirm' | 'select' | 'input' | 'editor';

/** One request → dialog sample, in milliseconds from `peer.write(line)`. */
export interface OpenSample {
  readonly method: BenchDialogMethod;
  /** Until the dialog was open with focus inside it (the last `focusin` before the frame). */
  readonly focusMs: number;
  /** Until the main thread finished the next frame after that (the task after its rAF callbacks). */
  readonly paintMs: number;
}

/** One key press → response sample. */
export interface KeySample {
  /** From the keydown listener (a capture listener on window, the first but the kit's own) to the response line on the peer. */
  readonly responseMs: number;
  /** From the keydown's `event.timeStamp` (when the browser created the event) to the same line. */
  readonly fromEventMs: number;
}

/** One keystroke in an `rpc-select`. */
export interface KeystrokeSample {
  readonly key: string;
  /** From the keydown listener to the end of the select's next update (`updated`). */
  readonly updateMs: number;
  /** From the keydown listener to the end of the next frame after that update. */
  readonly paintMs: number;
}

/** How the burst's lines are written. */
export type BurstMode = 'one-task' | 'task-each';

/** What one burst of fire-and-forget requests cost. */
export interface BurstResult {
  readonly mode: BurstMode;
  readonly requests: number;
  /** The synchronous loop of `peer.write` calls. */
  readonly writeMs: number;
  /** From the first write to the first task after the last one (its microtasks included). */
  readonly taskMs: number;
  /** Durations of the `longtask` entries seen from the burst until the page was quiet again. */
  readonly longTasks: readonly number[];
  /** Per tag: the most `updated` calls of one element of that tag in one frame. */
  readonly maxRendersPerFrame: Readonly<Record<string, number>>;
  /** Per tag: every `updated` call of elements of that tag. */
  readonly renders: Readonly<Record<string, number>>;
  /** Frames from the burst until the page was quiet. */
  readonly frames: number;
  /** Main-thread time of the longest frame in that span (rAF callback to the task after it). */
  readonly longestFrameMs: number;
}

/** What a memory pass did, for checking. */
export interface CycleResult {
  readonly dialogs: number;
  readonly responses: number;
  readonly ms: number;
  /** Listeners on the page's controller (its emitter) at the end. */
  readonly controllerListeners: number;
}

/** What showing a long conversation cost (`conversationShow`). */
export interface ConversationResult {
  /** From the `get_messages` answer written to the conversation painted (its newest entries). */
  readonly restoreMs: number;
  /** Each token of a reply streamed at its end, from its line written to painted. */
  readonly tokenMs: readonly number[];
  /** Each jump of the scroll position (to the start, to the end), from set to painted. */
  readonly scrollMs: readonly number[];
  /** Each press of "Show earlier messages" (100 more entries), from the click to painted. */
  readonly earlierMs: readonly number[];
}

/** The page's functions, on `window.rpcBench`. */
export interface BenchPageApi {
  /** Facts about the page: timer precision, frame interval. */
  info(): Promise<{ crossOriginIsolated: boolean; frameMs: number; userAgent: string }>;
  /** `count` dialogs (after `warmup`), each opened at a random point of the frame, measured, answered. */
  openLatency(options: { count: number; warmup: number }): Promise<OpenSample[]>;
  /** Open a confirm and wait until it shows, focused; the next keydown is timed (see `keySamples`). */
  keyOpen(index: number): Promise<void>;
  /** Wait for the last key answer, then return every key sample so far and forget them. */
  keySamples(): Promise<KeySample[]>;
  /** `count` selects of `options` options (after `warmup`), each opened, measured, cancelled. */
  selectOpen(options: { count: number; warmup: number; options: number }): Promise<OpenSample[]>;
  /**
   * Show a select of `options` options: `bound` through the queue (its filter field focused), or
   * standalone with `filter="never"` (its list box focused, for type-ahead). Keydowns are timed
   * from then on (see `keystroke`).
   */
  selectShow(options: { options: number; bound: boolean }): Promise<void>;
  /** Wait for the timing of the last keydown to end and return it (undefined when it changed nothing). */
  keystroke(): Promise<KeystrokeSample | undefined>;
  /** Close the select shown by `selectShow` (cancel). */
  selectClose(): Promise<void>;
  /** Open and answer `count` dialogs in sequence, through their buttons. */
  cycleDialogs(count: number): Promise<CycleResult>;
  /** Write `count` fire-and-forget requests and watch the frames that follow. */
  burst(options: { count: number; mode: BurstMode; seed: number }): Promise<BurstResult>;
  /** Show a conversation of `messages` messages (a reload's answer), stream `tokens`, scroll it; it stays. */
  conversationShow(options: { messages: number; tokens: number }): Promise<ConversationResult>;
  /** Remove the conversation shown. */
  conversationRemove(): void;
}

/** `window` on the bench page. */
export interface BenchWindow {
  rpcBench: BenchPageApi;
}
