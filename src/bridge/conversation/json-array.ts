/**
 * Where the elements of one array in a JSON text start, found in a single pass that builds no
 * value: the bridge sends a page the last messages of a `get_messages` answer of megabytes
 * without parsing it (parsing it would take tens of milliseconds and tens of megabytes each time a
 * page opens). DOM-free.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** The elements of an array in a JSON text: where each starts, and where the array's `]` is. */
export interface ArrayElements {
  readonly starts: readonly number[];
  readonly end: number;
}

/** Whether `code` is JSON whitespace. */
const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** The index of the quote that ends the string whose opening quote is at `open`; -1 when none. */
function stringEnd(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}

/** The first index from `from` that is not whitespace. */
function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/**
 * The elements of the array found by `path` (object keys from the top, as written, without
 * escapes) in `text`, a JSON object; `undefined` when there is none or the text is cut short.
 * Only the text up to that array's end is read. The text is trusted to be JSON where it is not read.
 */
export function arrayElements(text: string, path: readonly string[]): ArrayElements | undefined {
  // The key each open container was entered by ('' for an array's element), outermost first.
  const keys: string[] = [];
  // Whether each open container is an object (else an array).
  const objects: boolean[] = [];
  let key = '';
  let expectKey = false;
  let target = -1;
  const starts: number[] = [];
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (end < 0) return undefined;
      if (expectKey) key = text.slice(at + 1, end);
      at = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      const inObject = objects[objects.length - 1] === true;
      keys.push(inObject ? key : '');
      objects.push(code === OPEN_OBJECT);
      expectKey = code === OPEN_OBJECT;
      if (code === OPEN_ARRAY && target < 0 && keys.length === path.length + 1 && matches(keys, path)) {
        target = keys.length;
        const first = skipSpace(text, at + 1);
        if (text.charCodeAt(first) !== CLOSE_ARRAY) starts.push(first);
      }
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      if (keys.length === target) return { starts, end: at };
      keys.pop();
      objects.pop();
      expectKey = false;
    } else if (code === COMMA) {
      expectKey = objects[objects.length - 1] === true;
      if (keys.length === target) starts.push(skipSpace(text, at + 1));
    } else if (code === COLON) {
      expectKey = false;
    }
  }
  return undefined;
}

/** Whether the keys of the open containers, below the outermost, are `path`. */
function matches(keys: readonly string[], path: readonly string[]): boolean {
  return path.every((name, index) => keys[index + 1] === name);
}
