/**
 * Typed reports for lines that cannot be used. They are never thrown, and never answered but for
 * a dialog request with bad fields, which the controller answers `{cancelled: true}`.
 */

/** Why a line was not used. */
export type InvalidReason =
  | 'malformed-json'
  | 'not-an-object'
  | 'missing-id'
  | 'unknown-method'
  | 'invalid-fields'
  /** A dialog id that is already open or was already closed: the repeat is ignored. */
  | 'duplicate-id';

/** A line that looked like an extension UI request but could not be used. */
export interface InvalidRequestReport {
  /** The line as it arrived (decoded text). */
  readonly raw: string;
  /** The category, for code. */
  readonly reason: InvalidReason;
  /** A diagnostic for developers (the console), naming the field and what was wrong. */
  readonly message: string;
  /** For `invalid-fields`: the fields that could not be used (`options.1`, say), the first few. */
  readonly fields?: readonly string[];
  /** The request id, when the line had one. */
  readonly id?: string;
  /** The method, when the line had one. */
  readonly method?: string;
  /** The dialog was answered `{cancelled: true}` so that the agent does not wait for it forever. */
  readonly cancelled?: true;
}

/** A short, safe description of a JSON value's kind for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? 'a string' : JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value;
}
