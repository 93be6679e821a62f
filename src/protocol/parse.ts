import type { InvalidRequestReport } from './report.js';
import { describeValue, isRecord } from './report.js';
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

/** What the schemas leave to code: the defaults, and `null` read as "clear" (field left out). */
function normalise(request: WireRequest): ExtensionUIRequest {
  switch (request.method) {
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
