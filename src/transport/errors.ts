/** What went wrong in a transport. */
export type TransportErrorCode =
  /** A line exceeded the configured cap; it was skipped up to its end. */
  | 'line-too-long'
  /** A message could not be sent (not connected, closed, or the write failed). */
  | 'send-failed'
  /** The underlying connection or stream failed. */
  | 'connection'
  /** A postMessage from an origin that is not allowed was dropped. */
  | 'origin';

/** An error a transport reports through its `error` event. Never thrown into the stream. */
export class TransportError extends Error {
  /** The category, for code. */
  readonly code: TransportErrorCode;

  constructor(code: TransportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransportError';
    this.code = code;
  }
}
