/** What a tab's WebSocket frames hold, as the hub reads and closes them. Node only. */

/** A message's data as the `ws` package gives it. */
export type RawData = Buffer | ArrayBuffer | Buffer[];

/** The text of a tab's message. */
export function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

/** A close frame's reason holds at most 123 bytes of UTF-8: cut longer ones at a character. */
export function closeReason(reason: string): string {
  const bytes = Buffer.from(reason);
  if (bytes.length <= 123) return reason;
  return new TextDecoder().decode(bytes.subarray(0, 120)).replace(/\uFFFD$/, '') + '…';
}
