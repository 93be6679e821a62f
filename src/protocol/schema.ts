/**
 * zod/mini schemas for the request methods, as they are on the wire: pi's nine, oh-my-pi's
 * `cancel` and `open_url`, and atomic's eight `oauth_*`. zod runs jitless, so
 * nothing here calls `new Function` and a page without `unsafe-eval` raises no CSP violation.
 * The schemas use as few zod features as they can (each one adds to every page's download):
 * the few rules the wire leaves open (defaults, `null` for "clear", a non-empty id) are applied
 * by {@link parseRequest}, which is how the kit reads every request.
 */
import * as z from 'zod/mini';
import { REQUEST_TYPE } from './types.js';

// Must run before any schema is constructed: zod decides JIT per object schema at construction.
z.config({ jitless: true });

// The building blocks; the controller's snapshot schema (transport/snapshot.ts) uses them too.
export const text = z.string();
export const number = z.number();
export const lines = z.array(text);
export const notifyType = z.literal(['info', 'warning', 'error']);
export const widgetPlacement = z.literal(['aboveEditor', 'belowEditor']);

const base = { type: z.literal(REQUEST_TYPE), id: text };
// atomic's login requests name their login; `loginId` defaults to the provider.
const login = { ...base, provider: text, loginId: z.optional(text) };
const optional = z.optional;
// The login a dialog belongs to, as the kit writes it (parse.ts) and reads it back from a snapshot.
const loginQuestion = optional(
  z.object({
    method: z.literal(['oauth_prompt', 'oauth_select', 'oauth_manual_code']),
    provider: text,
    loginId: text,
    optionIds: optional(lines),
    allowEmpty: optional(z.boolean()),
  }),
);
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
  select: z.object({
    ...base,
    method: z.literal('select'),
    title: text,
    options: lines,
    optionDetails: optional(z.array(z.object({ description: optional(text) }))),
    timeout,
    login: loginQuestion,
  }),
  confirm: z.object({ ...base, method: z.literal('confirm'), title: text, message: text, timeout }),
  input: z.object({
    ...base,
    method: z.literal('input'),
    title: text,
    placeholder: z.optional(text),
    timeout,
    login: loginQuestion,
  }),
  // `editor` never has a timeout; a fork that sends one has it stripped.
  editor: z.object({
    ...base,
    method: z.literal('editor'),
    title: text,
    prefill: optional(text),
    promptStyle: optional(z.boolean()),
  }),
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
  cancel: z.object({ ...base, method: z.literal('cancel'), targetId: text }),
  open_url: z.object({
    ...base,
    method: z.literal('open_url'),
    url: text,
    launchUrl: optional(text),
    instructions: optional(text),
  }),
  oauth_auth: z.object({
    ...login,
    method: z.literal('oauth_auth'),
    info: z.object({ url: text, instructions: optional(text) }),
  }),
  oauth_device_code: z.object({
    ...login,
    method: z.literal('oauth_device_code'),
    info: z.object({
      userCode: text,
      verificationUri: text,
      intervalSeconds: optional(number),
      expiresInSeconds: optional(number),
    }),
  }),
  oauth_progress: z.object({ ...login, method: z.literal('oauth_progress'), message: text }),
  oauth_info: z.object({
    ...login,
    method: z.literal('oauth_info'),
    message: text,
    links: z.array(z.object({ url: text, label: optional(text) })),
  }),
  oauth_prompt: z.object({
    ...login,
    method: z.literal('oauth_prompt'),
    prompt: z.object({ message: text, placeholder: optional(text), allowEmpty: optional(z.boolean()) }),
  }),
  oauth_select: z.object({
    ...login,
    method: z.literal('oauth_select'),
    prompt: z.object({ message: text, options: z.array(z.object({ id: text, label: text })) }),
  }),
  oauth_manual_code: z.object({ ...login, method: z.literal('oauth_manual_code') }),
  oauth_manual_code_cancel: z.object({ ...login, method: z.literal('oauth_manual_code_cancel') }),
} as const;

/** The `method` of a request as the agent writes it. */
export type WireMethod = keyof typeof requestSchemas;
/** A request as the agent writes it: what {@link requestSchemas} output. */
export type WireRequest = z.output<(typeof requestSchemas)[WireMethod]>;

/** Whether `method` is one the kit knows. */
export function isKnownMethod(method: string): method is WireMethod {
  return Object.hasOwn(requestSchemas, method);
}
