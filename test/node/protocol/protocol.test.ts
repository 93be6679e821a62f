import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../../src/protocol/parse.js';
import { requestSchemas } from '../../../src/protocol/schema.js';
import {
  cancelResponse,
  confirmResponse,
  responseFor,
  valueResponse,
} from '../../../src/protocol/responses.js';
import type { DialogRequest, ExtensionUIRequest } from '../../../src/protocol/types.js';
import { dialogTimeout } from '../../../src/protocol/types.js';
import { fixtureNames, readTranscript } from '../../support/fixtures.js';

function parse(line: string) {
  return parseRequest(JSON.parse(line), line);
}

function ok(line: string): ExtensionUIRequest {
  const result = parse(line);
  if (!result.ok) throw new Error(result.report.message);
  return result.request;
}

const head = '"type":"extension_ui_request","id":"r1"';

describe('request schemas', () => {
  it('accept every request of every real transcript', () => {
    const methods = new Set<string>();
    for (const name of fixtureNames) {
      for (const record of readTranscript(name)) {
        if (record.dir !== 'from_agent' || !record.raw.startsWith('{"type":"extension_ui_request"')) continue;
        methods.add(ok(record.raw).method);
      }
    }
    expect([...methods].sort()).toEqual(
      [
        'confirm',
        'editor',
        'input',
        'notify',
        'select',
        'setStatus',
        'setTitle',
        'setWidget',
        'set_editor_text',
      ].sort(),
    );
  });

  it('keep strings exactly, including repeated options and raw U+2028', () => {
    const request = ok(`{${head},"method":"select","title":"a\u2028b","options":["x","x"," y "]}`);
    expect(request).toEqual({
      type: 'extension_ui_request',
      id: 'r1',
      method: 'select',
      title: 'a\u2028b',
      options: ['x', 'x', ' y '],
    });
  });

  it('fill in documented defaults: notify is info, a widget goes above the editor', () => {
    expect(ok(`{${head},"method":"notify","message":"m"}`)).toMatchObject({ notifyType: 'info' });
    expect(ok(`{${head},"method":"setWidget","widgetKey":"k","widgetLines":["l"]}`)).toMatchObject({
      widgetPlacement: 'aboveEditor',
    });
  });

  it('read a missing or null statusText / widgetLines as "clear"', () => {
    expect(ok(`{${head},"method":"setStatus","statusKey":"k"}`)).not.toHaveProperty('statusText');
    // What the real agent writes when an extension passes null.
    const fromNull = ok(`{${head},"method":"setStatus","statusKey":"k","statusText":null}`);
    expect(fromNull).toMatchObject({ method: 'setStatus', statusKey: 'k' });
    expect((fromNull as { statusText?: string }).statusText).toBeUndefined();
    const widget = ok(`{${head},"method":"setWidget","widgetKey":"k","widgetLines":null}`);
    expect(widget).not.toHaveProperty('widgetLines');
    expect(widget).toMatchObject({ widgetPlacement: 'aboveEditor' });
  });

  it('are the wire form: the exported schemas keep null and missing defaults for parseRequest', () => {
    const notify = requestSchemas.notify.parse(JSON.parse(`{${head},"method":"notify","message":"m"}`));
    expect(notify).not.toHaveProperty('notifyType');
    const status = JSON.parse(`{${head},"method":"setStatus","statusKey":"k","statusText":null}`);
    expect(requestSchemas.setStatus.parse(status)).toMatchObject({ statusText: null });
    // The empty id is refused by parseRequest, with a reason of its own.
    const empty = parse(`{"type":"extension_ui_request","id":"","method":"setTitle","title":"t"}`);
    expect(empty.ok ? undefined : empty.report.reason).toBe('missing-id');
  });

  it('give timeouts their meaning: 0 and absent are none, editor never has one', () => {
    const select = (extra: string) =>
      ok(`{${head},"method":"select","title":"t","options":[]${extra}}`) as DialogRequest;
    expect(dialogTimeout(select(''))).toBeUndefined();
    expect(dialogTimeout(select(',"timeout":0'))).toBeUndefined();
    expect(dialogTimeout(select(',"timeout":300'))).toBe(300);
    expect(dialogTimeout(select(',"timeout":-5'))).toBe(0);
    const editor = ok(`{${head},"method":"editor","title":"t","timeout":300}`) as DialogRequest;
    expect(editor).not.toHaveProperty('timeout');
    expect(dialogTimeout(editor)).toBeUndefined();
  });
});

describe('invalid requests become typed reports', () => {
  it('an unknown method, kept with its raw line', () => {
    const line = `{${head},"method":"open_panel","url":"https://example.com"}`;
    expect(parse(line)).toEqual({
      ok: false,
      report: {
        raw: line,
        reason: 'unknown-method',
        id: 'r1',
        method: 'open_panel',
        message: 'Unknown extension UI method "open_panel"; the request was ignored and not answered.',
      },
    });
  });

  it('a missing id', () => {
    const result = parse('{"type":"extension_ui_request","method":"confirm","title":"t","message":"m"}');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.report.reason).toBe('missing-id');
      expect(result.report.message).toBe('The confirm request has no usable "id" (got undefined).');
    }
  });

  it.each([
    [
      `{${head},"method":"select","title":"t","options":"a,b"}`,
      'Invalid select request: "options" must be an array, got "a,b".',
    ],
    [
      `{${head},"method":"select","title":"t","options":["a",2]}`,
      'Invalid select request: "options.1" must be a string, got 2.',
    ],
    [`{${head},"method":"confirm","title":"t"}`, 'Invalid confirm request: "message" is missing.'],
    [
      `{${head},"method":"input","title":"t","timeout":"soon"}`,
      'Invalid input request: "timeout" must be a number, got "soon".',
    ],
    [
      `{${head},"method":"notify","message":"m","notifyType":"debug"}`,
      'Invalid notify request: "notifyType" must be one of "info", "warning", "error", got "debug".',
    ],
    [
      `{${head},"method":"setTitle","title":null}`,
      'Invalid setTitle request: "title" must be a string, got null.',
    ],
  ])('wrong fields: %s', (line, message) => {
    const result = parse(line);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.report.reason).toBe('invalid-fields');
      expect(result.report.message).toBe(message);
      expect(result.report.raw).toBe(line);
    }
  });

  it('a value that is not an object', () => {
    const result = parseRequest(['extension_ui_request'], '["extension_ui_request"]');
    expect(result.ok ? undefined : result.report.reason).toBe('not-an-object');
  });
});

describe('response builders', () => {
  it('produce exactly the documented shapes, in the agent transcript key order', () => {
    expect(JSON.stringify(valueResponse('u1', 'Allow'))).toBe(
      '{"type":"extension_ui_response","id":"u1","value":"Allow"}',
    );
    expect(JSON.stringify(confirmResponse('u2', false))).toBe(
      '{"type":"extension_ui_response","id":"u2","confirmed":false}',
    );
    expect(JSON.stringify(cancelResponse('u3'))).toBe(
      '{"type":"extension_ui_response","id":"u3","cancelled":true}',
    );
  });

  it('pass values untouched: the empty string is an answer, nothing is trimmed', () => {
    expect(valueResponse('u', '')).toEqual({ type: 'extension_ui_response', id: 'u', value: '' });
    expect(valueResponse('u', '  two\nlines  ').value).toBe('  two\nlines  ');
  });

  it('refuse an answer that does not fit the dialog', () => {
    const select = ok(`{${head},"method":"select","title":"t","options":["a"]}`) as DialogRequest;
    const confirm = ok(`{${head},"method":"confirm","title":"t","message":"m"}`) as DialogRequest;
    expect(() => responseFor(select, { confirmed: true })).toThrow(TypeError);
    expect(() => responseFor(confirm, { value: 'yes' })).toThrow(
      'A confirm dialog is answered with { confirmed }.',
    );
    expect(responseFor(confirm, { cancelled: true })).toEqual(cancelResponse('r1'));
    expect(responseFor(select, { value: 'a' })).toEqual(valueResponse('r1', 'a'));
    expect(() => responseFor(select, { value: 'A' })).toThrow('answered with one of its options, not "A"');
  });
});
