import { describe, expect, it } from 'vitest';
import { SentAnswers } from '../../src/components/extension-ui/sent-answers.js';

const answer = (id: string) => ({ type: 'extension_ui_response' as const, id, value: `for ${id}` });

describe('the answers the drop-in host can send again', () => {
  it('gives each answer back once', () => {
    const sent = new SentAnswers();
    sent.remember(answer('a'));
    expect(sent.take('a')).toEqual(answer('a'));
    expect(sent.take('a')).toBeUndefined();
    expect(sent.take('never')).toBeUndefined();
  });

  it('forgets the oldest beyond its limit; answering again makes one the newest', () => {
    const sent = new SentAnswers(2);
    sent.remember(answer('a'));
    sent.remember(answer('b'));
    sent.remember(answer('a'));
    sent.remember(answer('c'));
    expect([sent.take('a'), sent.take('b'), sent.take('c')]).toEqual([answer('a'), undefined, answer('c')]);
  });
});
