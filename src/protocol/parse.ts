import type { InvalidRequestReport } from './report.js';
import { isRecord } from '../shared/is-record.js';
import { describeValue } from './report.js';
import { isKnownMethod, requestSchemas, type WireRequest } from './schema.js';
import type { ExtensionUIRequest } from './types.js';

/** The outcome of validating one decoded extension UI request line. */
export type RequestParseResult =
  | { readonly ok: true; readonly request: ExtensionUIRequest }
  | { readonly ok: false; readonly report: InvalidRequestReport };

interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly expected?: string;
  readonly values?: readonly unknown[];
}

/**
 * What the schemas leave to code: the defaults, `null` read as "clear" (field left out), and
 * atomic's login requests in the kit's shapes (its questions are dialogs that carry `login`).
 */
function normalise(request: WireRequest): ExtensionUIRequest {
  switch (request.method) {
    case 'oauth_auth':
    case 'oauth_device_code':
    case 'oauth_progress':
    case 'oauth_info':
    case 'oauth_prompt':
    case 'oauth_select':
    case 'oauth_manual_code':
    case 'oauth_manual_code_cancel':
      return normaliseLogin(request);
    case 'notify':
      return { ...request, notifyType: request.notifyType ?? 'info' };
    case 'setStatus': {
      const { statusText, ...rest } = request;
      return statusText == null ? rest : { ...rest, statusText };
    }
    case 'setWidget': {
      const { widgetLines, ...rest } = request;
      const placed = { ...rest, widgetPlacement: rest.widgetPlacement ?? 'aboveEditor' };
      return widgetLines == null ? placed : { ...placed, widgetLines };
    }
    default:
      return request;
  }
}

type WireLoginRequest = Extract<WireRequest, { readonly provider: string }>;

function normaliseLogin(wire: WireLoginRequest): ExtensionUIRequest {
  const { type, id, provider } = wire;
  const login = { provider, loginId: wire.loginId ?? provider };
  switch (wire.method) {
    case 'oauth_auth':
      return { type, id, method: 'open_url', ...wire.info, login };
    case 'oauth_device_code':
      return { type, id, method: 'oauth_device_code', login, ...wire.info };
    case 'oauth_progress':
      return { type, id, method: 'oauth_info', login, message: wire.message, links: [] };
    case 'oauth_info':
      return { type, id, method: 'oauth_info', login, message: wire.message, links: wire.links };
    case 'oauth_prompt': {
      const { message, placeholder, allowEmpty } = wire.prompt;
      const asked = { method: wire.method, ...login, ...(allowEmpty === undefined ? {} : { allowEmpty }) };
      return {
        type,
        id,
        method: 'input',
        title: message,
        ...(placeholder ? { placeholder } : {}),
        login: asked,
      };
    }
    case 'oauth_select': {
      const { message, options } = wire.prompt;
      const optionIds = options.map((option) => option.id);
      return {
        type,
        id,
        method: 'select',
        title: message,
        options: options.map((option) => option.label),
        login: { method: wire.method, ...login, optionIds },
      };
    }
    case 'oauth_manual_code':
      // The title is worded by the element (strings), from `login.method`.
      return { type, id, method: 'input', title: '', login: { method: wire.method, ...login } };
    case 'oauth_manual_code_cancel':
      return { type, id, method: 'oauth_manual_code_cancel', login };
  }
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeIssue(data: unknown, issue: Issue): string {
  const field = issue.path.map(String).join('.') || 'the request';
  const actual = valueAt(data, issue.path);
  if (actual === undefined && issue.path.length > 0) return `"${field}" is missing`;
  const got = describeValue(actual);
  if (issue.values)
    return `"${field}" must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${got}`;
  if (issue.expected)
    return `"${field}" must be ${issue.expected === 'array' ? 'an array' : `a ${issue.expected}`}, got ${got}`;
  if (issue.code === 'too_small') return `"${field}" must not be empty`;
  return `"${field}" is invalid (${got})`;
}

/**
 * Validate a decoded line whose `type` is `extension_ui_request`.
 * Unknown methods and wrong fields become a report with a readable message; nothing throws.
 * @param data the parsed JSON value
 * @param raw the line as text, kept in the report
 */
export function parseRequest(data: unknown, raw: string): RequestParseResult {
  if (!isRecord(data)) {
    return { ok: false, report: { raw, reason: 'not-an-object', message: 'The line is not a JSON object.' } };
  }
  const id = typeof data.id === 'string' && data.id ? data.id : undefined;
  const method = typeof data.method === 'string' ? data.method : undefined;
  const where = { ...(id === undefined ? {} : { id }), ...(method === undefined ? {} : { method }) };
  if (id === undefined) {
    const message = `The ${method ?? 'extension UI'} request has no usable "id" (got ${describeValue(data.id)}).`;
    return { ok: false, report: { raw, reason: 'missing-id', message, ...where } };
  }
  if (method === undefined || !isKnownMethod(method)) {
    const message = `Unknown extension UI method ${describeValue(data.method)}; the request was ignored and not answered.`;
    return { ok: false, report: { raw, reason: 'unknown-method', message, ...where } };
  }
  const result = requestSchemas[method].safeParse(data);
  if (result.success) return { ok: true, request: normalise(result.data) };
  const issues = (result.error.issues as readonly Issue[]).slice(0, 3);
  const message = `Invalid ${method} request: ${issues.map((issue) => describeIssue(data, issue)).join('; ')}.`;
  const fields = [...new Set(issues.map((issue) => issue.path.map(String).join('.') || 'the request'))];
  return { ok: false, report: { raw, reason: 'invalid-fields', message, fields, ...where } };
}
