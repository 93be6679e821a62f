/**
 * zod/mini schemas for the nine request methods, as they are on the wire. zod runs jitless, so
 * nothing here calls `new Function` and a page without `unsafe-eval` raises no CSP violation.
 * The schemas use as few zod features as they can (each one adds to every page's download):
 * the few rules the wire leaves open (defaults, `null` for "clear", a non-empty id) are applied
 * by {@link parseRequest}, which is how the kit reads every request.
 */
import * as z from 'zod/mini';
import { REQUEST_TYPE, type RequestMethod } from './types.js';

// Must run before any schema is constructed: zod decides JIT per object schema at construction.
z.config({ jitless: true });

// The building blocks; the controller's snapshot schema (transport/snapshot.ts) uses them too.
export const text = z.string();
export const number = z.number();
export const lines = z.array(text);
export const notifyType = z.literal(['info', 'warning', 'error']);
export const widgetPlacement = z.literal(['aboveEditor', 'belowEditor']);

const base = { type: z.literal(REQUEST_TYPE), id: text };
const timeout = z.optional(number);
// An extension that passes `null` makes the agent write `null` (seen for setStatus): it clears too.
const clearable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/**
 * One schema per method, for the request as the agent writes it; parsing strips fields the
 * method does not define. On the wire `notifyType` and `widgetPlacement` may be missing and
 * `statusText` and `widgetLines` may be `null`; {@link parseRequest} fills in the defaults
 * (`info`, `aboveEditor`), drops the `null`s and also rejects an empty `id`.
 */
export const requestSchemas = {
  select: z.object({ ...base, method: z.literal('select'), title: text, options: lines, timeout }),
  confirm: z.object({ ...base, method: z.literal('confirm'), title: text, message: text, timeout }),
  input: z.object({
    ...base,
    method: z.literal('input'),
    title: text,
    placeholder: z.optional(text),
    timeout,
  }),
  // `editor` never has a timeout; a fork that sends one has it stripped.
  editor: z.object({ ...base, method: z.literal('editor'), title: text, prefill: z.optional(text) }),
  notify: z.object({
    ...base,
    method: z.literal('notify'),
    message: text,
    notifyType: z.optional(notifyType),
  }),
  setStatus: z.object({
    ...base,
    method: z.literal('setStatus'),
    statusKey: text,
    statusText: clearable(text),
  }),
  setWidget: z.object({
    ...base,
    method: z.literal('setWidget'),
    widgetKey: text,
    widgetLines: clearable(lines),
    widgetPlacement: z.optional(widgetPlacement),
  }),
  setTitle: z.object({ ...base, method: z.literal('setTitle'), title: text }),
  set_editor_text: z.object({ ...base, method: z.literal('set_editor_text'), text }),
} as const satisfies Record<RequestMethod, z.ZodMiniType<{ method: RequestMethod }>>;

/** A request as the agent writes it: what {@link requestSchemas} output. */
export type WireRequest = z.output<(typeof requestSchemas)[RequestMethod]>;

/** Whether `method` is one of the nine known methods. */
export function isKnownMethod(method: string): method is RequestMethod {
  return Object.hasOwn(requestSchemas, method);
}
