/**
 * A question's fingerprint: a digest of everything the agent asked but the `id` and the
 * `timeout` (the bridge replays a dialog with the time it has left). An answer, a draft or a
 * "closed" mark applies to one question: an agent may ask another under the same id (a restarted
 * agent whose ids start again at 1, an extension with fixed ids).
 */
export function questionFingerprint(request: object): string {
  // A request is taken once per object: the queue, the bridge client and the bridge's table ask
  // for the same one (a select of 10,000 options is not read again each time).
  let fingerprint = taken.get(request);
  if (fingerprint === undefined) {
    const { id: _id, timeout: _timeout, ...question } = request as Readonly<Record<string, unknown>>;
    fingerprint = digest(canonicalJson(question));
    taken.set(request, fingerprint);
  }
  return fingerprint;
}

/** Fingerprints already taken, by request object (requests are never changed once parsed). */
const taken = new WeakMap<object, string>();

/** JSON with object keys sorted at every level, so the same question always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Readonly<Record<string, unknown>>;
    const fields = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * 64 bits of FNV-1a over the UTF-16 code units, as two 32-bit lanes with different offsets:
 * not a defence against an adversary (the agent asks its own questions), only a short name for
 * one question that tells it from another asked under the same id.
 */
function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
