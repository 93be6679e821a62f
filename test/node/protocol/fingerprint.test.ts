import { describe, expect, it } from 'vitest';
import { questionFingerprint } from '../../../src/protocol/fingerprint.js';

describe('a question’s fingerprint', () => {
  const ask = {
    type: 'extension_ui_request',
    id: '1',
    method: 'confirm',
    title: 'Allow: rm -rf ./tmp ?',
    message: '',
  };

  it('is the same for the same question under any id, timeout or key order (a replay)', () => {
    const replay = {
      message: '',
      title: ask.title,
      method: 'confirm',
      id: 'x',
      timeout: 1200,
      type: ask.type,
    };
    expect(questionFingerprint(replay)).toBe(questionFingerprint(ask));
    expect(questionFingerprint(ask)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('tells another question asked under the same id', () => {
    expect(questionFingerprint({ ...ask, title: 'Allow: deploy to PRODUCTION ?' })).not.toBe(
      questionFingerprint(ask),
    );
    expect(questionFingerprint({ ...ask, method: 'input' })).not.toBe(questionFingerprint(ask));
    const select = { type: ask.type, id: '1', method: 'select', title: 'Pick' };
    expect(questionFingerprint({ ...select, options: ['a', 'b'] })).not.toBe(
      questionFingerprint({ ...select, options: ['b', 'a'] }),
    );
  });
});
