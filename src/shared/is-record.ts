/** Whether `value` is an object that is not an array (a JSON object, once parsed). */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
