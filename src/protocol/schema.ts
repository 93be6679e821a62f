/**
 * zod/mini schemas for the nine request methods. zod runs jitless, so nothing here calls
 * `new Function` and a page without `unsafe-eval` raises no CSP violation.
 */
import * as z from 'zod/mini';
import type { ExtensionUIRequest, RequestMethod } from './types.js';

// Must run before any schema is constructed: zod decides JIT per object schema at construction.
z.config({ jitless: true });

const base = { type: z.literal('extension_ui_request'), id: z.string().check(z.minLength(1)) };
const timeout = z.optional(z.number());
const text = z.string();
const lines = z.array(z.string());
// An extension that passes `null` makes the agent write `null` (seen for setStatus): it clears too.
const clearable = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.optional(z.nullable(schema)),
    z.transform((value) => value ?? undefined),
  );

/** One schema per method; parsing strips fields the method does not define. */
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
    notifyType: z._default(z.enum(['info', 'warning', 'error']), 'info'),
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
    widgetPlacement: z._default(z.enum(['aboveEditor', 'belowEditor']), 'aboveEditor'),
  }),
  setTitle: z.object({ ...base, method: z.literal('setTitle'), title: text }),
  set_editor_text: z.object({ ...base, method: z.literal('set_editor_text'), text }),
} as const satisfies Record<RequestMethod, z.ZodMiniType<ExtensionUIRequest>>;

/** Whether `method` is one of the nine known methods. */
export function isKnownMethod(method: string): method is RequestMethod {
  return Object.hasOwn(requestSchemas, method);
}
