/**
 * The conversation as each real agent streams it: turns recorded on the stand-in model
 * (scripts/record-turns.ts) replayed line by line into a Transcript. pi 1.6.0 and atomic send
 * deltas only; pi 0.73.1 and oh-my-pi snapshots too: the entries are the same.
 */
import { describe, expect, it } from 'vitest';
import type { AssistantEntry, TranscriptEntry } from '../../src/controller/transcript/entries.js';
import { Transcript } from '../../src/controller/transcript/transcript.js';
import { InboundMessage } from '../../src/transport/inbound.js';
import { readTranscript, type TranscriptAgent } from '../support/fixtures.js';

const AGENTS: readonly TranscriptAgent[] = ['pi-1.6.0', 'pi-0.73.1', 'omp-18.2.3', 'atomic-6031a92'];

/** Replay `name` of `agent` into a new transcript; the entries after each line too. */
function replay(agent: TranscriptAgent, name = 'stand-in-turns.jsonl') {
  const transcript = new Transcript();
  const replies: AssistantEntry[] = [];
  const seen: (readonly TranscriptEntry[])[] = [];
  transcript.on('reply', (entry) => replies.push(entry));
  transcript.on('change', (entries) => seen.push(entries.map((entry) => ({ ...entry }))));
  for (const record of readTranscript(name, agent))
    if (record.dir === 'from_agent') transcript.takeLine(InboundMessage.fromText(record.raw));
  return { entries: transcript.entries, replies, seen };
}

const brief = (entry: TranscriptEntry) =>
  entry.kind === 'tool'
    ? `tool ${entry.name}`
    : entry.kind === 'notice'
      ? `notice ${entry.cause ?? entry.level}`
      : entry.kind;

describe.each(AGENTS)('the transcript of %s on the stand-in model', (agent) => {
  const { entries, replies, seen } = replay(agent);
  // oh-my-pi warns of its compaction between turns: notices of its own, kept.
  const turn = entries.filter((entry) => entry.kind !== 'notice' || entry.cause);

  it('holds each prompt, each reply whole, the tool call with its result, and the stop', () => {
    expect(turn.map(brief)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'tool bash',
      'assistant',
      'user',
      'assistant',
      'notice stopped',
    ]);
    const [, first, , , tool, last, , stopped] = turn;
    expect(first).toMatchObject({
      text: expect.stringMatching(/^This is the stand-in model/),
      streaming: false,
    });
    expect(tool).toMatchObject({
      args: '{"command":"echo TOOL-RAN-$((2+3))"}',
      running: false,
      isError: false,
    });
    expect(tool?.kind === 'tool' && tool.result).toMatch(/^TOOL-RAN-5/);
    expect(last).toMatchObject({ text: expect.stringMatching(/^The command finished\. It said: /) });
    expect(stopped).toMatchObject({ stopReason: 'aborted', streaming: false });
    expect(stopped?.kind === 'assistant' && stopped.text).toMatch(/^Sentence 1 of a long reply/);
  });

  it('leaves out the system prompt and the agent’s other records', () => {
    expect(entries.every((entry) => entry.kind !== 'user' || !entry.text.includes('You are'))).toBe(true);
    expect(
      turn.filter((entry) => entry.kind === 'user').map((entry) => entry.kind === 'user' && entry.text),
    ).toEqual([
      'hello, can you help me refactor this?',
      'run: echo TOOL-RAN-$((2+3))',
      'a long answer, please',
    ]);
  });

  it('streams a reply: its text grows entry by entry, and is said once, whole, at its end', () => {
    const texts = seen
      .map((state) => state.find((entry) => entry.kind === 'assistant'))
      .flatMap((entry) => (entry?.kind === 'assistant' && entry.streaming ? [entry.text] : []));
    expect(texts.length).toBeGreaterThan(5);
    for (let at = 1; at < texts.length; at++) expect(texts[at]?.startsWith(texts[at - 1] ?? '')).toBe(true);
    expect(replies.map((reply) => reply.stopReason)).toEqual(['stop', 'toolUse', 'stop', 'aborted']);
  });
});

describe('the transcript of the agent’s own errors', () => {
  it('shows a failed prompt as an error notice, in the agent’s words', () => {
    const transcript = new Transcript();
    transcript.take({ type: 'response', command: 'prompt', success: false, error: 'No models available.' });
    transcript.take({ type: 'response', command: 'get_state', success: false, error: 'not the turn' });
    expect(transcript.entries).toEqual([
      { kind: 'notice', id: 'notice-1', level: 'error', text: 'No models available.' },
    ]);
  });

  it('shows a reply that ended in an error, and a tool that failed', () => {
    const transcript = new Transcript();
    transcript.take({ type: 'message_start', message: { role: 'assistant', content: [] } });
    transcript.take({
      type: 'message_end',
      message: { role: 'assistant', content: [], stopReason: 'error', errorMessage: 'Connection refused' },
    });
    transcript.take({
      type: 'tool_execution_start',
      toolCallId: 't1',
      toolName: 'bash',
      args: { command: 'false' },
    });
    transcript.take({
      type: 'tool_execution_end',
      toolCallId: 't1',
      toolName: 'bash',
      result: { content: [{ type: 'text', text: 'exit 1' }] },
      isError: true,
    });
    expect(transcript.entries.map(brief)).toEqual(['assistant', 'notice error', 'tool bash']);
    expect(transcript.entries[1]).toMatchObject({ text: 'Connection refused' });
    expect(transcript.entries[2]).toMatchObject({ result: 'exit 1', isError: true, running: false });
  });

  it('ignores what is not a record of the turn, and records it cannot read', () => {
    const transcript = new Transcript();
    for (const value of [null, 'text', [], { type: 'message_update' }, { type: 'message_end', message: 3 }])
      transcript.take(value);
    transcript.takeLine(InboundMessage.fromText('{"type":"message_start","message":'));
    expect(transcript.entries).toEqual([]);
  });
});
