/**
 * The conversation as each real agent streams it: turns recorded on the stand-in model
 * (scripts/record-turns.ts) replayed line by line into a Transcript. pi 1.6.0 and atomic send
 * deltas only; pi 0.73.1 and oh-my-pi snapshots too: the entries are the same.
 */
import { describe, expect, it } from 'vitest';
import type { AssistantEntry, TranscriptEntry } from '../../../src/controller/transcript/entries.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { Transcript } from '../../../src/controller/transcript/transcript.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { readTranscript, type TranscriptAgent } from '../../support/fixtures.js';

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
  // An agent's notices of its own (oh-my-pi's, between turns) are kept, and left out here.
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
  it('shows a failed command as an error notice, in the agent’s words, but the kit’s own questions and sign-ins', () => {
    const transcript = new Transcript();
    transcript.take({ type: 'response', command: 'prompt', success: false, error: 'No models available.' });
    transcript.take({ type: 'response', command: 'get_state', success: false, error: 'busy' });
    transcript.take({
      type: 'response',
      id: 'rpc-ui-models-1',
      command: 'get_available_models',
      success: false,
    });
    transcript.take({ type: 'response', command: 'login_provider', success: false, error: 'its card says' });
    // pi 0.73.1 answers the model panel's question for the levels without its id.
    transcript.take({
      type: 'response',
      command: 'get_available_thinking_levels',
      success: false,
      error: 'Unknown command: get_available_thinking_levels',
    });
    transcript.take({ type: 'response', command: 'abort', success: true });
    expect(transcript.entries).toEqual([
      { kind: 'notice', id: 'notice-1', level: 'error', text: 'No models available.' },
      { kind: 'notice', id: 'notice-2', level: 'error', text: 'busy', command: 'get_state' },
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

  it('keeps what a tool answered besides its text, and a failure said only in its result (atomic)', () => {
    const transcript = new Transcript();
    const call = (toolCallId: string, toolName: string, args: unknown) =>
      transcript.take({ type: 'tool_execution_start', toolCallId, toolName, args });
    call('e1', 'edit', { path: 'x.txt', edits: [{ oldText: 'a', newText: 'b' }] });
    const details = {
      diff: '-1 a\n+1 b',
      patch: '--- x.txt\n+++ x.txt\n@@ -1 +1 @@\n-a\n+b\n',
      firstChangedLine: 1,
    };
    transcript.take({
      type: 'tool_execution_end',
      toolCallId: 'e1',
      toolName: 'edit',
      result: { content: [{ type: 'text', text: 'Successfully replaced 1 block(s) in x.txt.' }], details },
      isError: false,
    });
    // atomic's bash says a non-zero exit in its result; its agent core says isError: false.
    call('b1', 'bash', { command: 'false' });
    transcript.take({
      type: 'tool_execution_end',
      toolCallId: 'b1',
      toolName: 'bash',
      result: {
        content: [{ type: 'text', text: '\n\nCommand exited with code 1' }],
        details: { exitCode: 1 },
        isError: true,
      },
      isError: false,
    });
    transcript.take({
      type: 'message_end',
      message: {
        role: 'toolResult',
        toolCallId: 'b1',
        toolName: 'bash',
        content: [],
        details: { exitCode: 1 },
        isError: false,
      },
    });
    expect(transcript.entries[0]).toMatchObject({ details, isError: false, running: false });
    expect(transcript.entries[1]).toMatchObject({ details: { exitCode: 1 }, isError: true });
    expect('details' in (transcript.entries[1] ?? {})).toBe(true);
  });

  it('keeps each part of a streamed reply in place: thinking and text deltas, interleaved', () => {
    const transcript = new Transcript();
    const update = (type: string, contentIndex: number, delta: string) =>
      transcript.take({ type: 'message_update', assistantMessageEvent: { type, contentIndex, delta } });
    transcript.take({ type: 'message_start', message: { role: 'assistant', content: [] } });
    update('thinking_delta', 0, 'Let me ');
    update('thinking_delta', 0, 'think.');
    update('text_delta', 1, 'The answer');
    update('text_delta', 1, ' is 42');
    update('thinking_delta', 0, ' Done.');
    update('text_delta', 2, '.');
    expect(transcript.entries[0]).toMatchObject({
      thinking: 'Let me think. Done.',
      text: 'The answer is 42.',
    });
  });

  it('ignores what is not a record of the turn, and records it cannot read', () => {
    const transcript = new Transcript();
    for (const value of [null, 'text', [], { type: 'message_update' }, { type: 'message_end', message: 3 }])
      transcript.take(value);
    transcript.takeLine(InboundMessage.fromText('{"type":"message_start","message":'));
    expect(transcript.entries).toEqual([]);
  });
});

/** The records of `agent`'s turns, parsed, and the answer to the `get_messages` under `id`. */
function recorded(agent: TranscriptAgent) {
  const records = readTranscript('stand-in-turns.jsonl', agent)
    .filter((record) => record.dir === 'from_agent')
    .map((record) => JSON.parse(record.raw) as Record<string, unknown>);
  const answer = (id: string) => {
    const at = records.findIndex((record) => record.type === 'response' && record.id === id);
    const data = records[at]?.data as { messages?: unknown[] } | undefined;
    if (!data?.messages) throw new Error(`${agent} recorded no get_messages answer ${id}`);
    return { at, messages: data.messages };
  };
  return { records, answer };
}

/** What a person reads: each entry's kind and words, the ids and the streaming aside. */
const read = (entries: readonly TranscriptEntry[]) =>
  entries
    .filter((entry) => entry.kind !== 'notice' || entry.cause)
    .map((entry) =>
      entry.kind === 'tool'
        ? [brief(entry), entry.args, entry.result]
        : [
            brief(entry),
            entry.kind === 'notice' ? '' : entry.kind === 'compaction' ? entry.summary : entry.text,
          ],
    );

describe('compactions in the conversation (the shapes of docs/agents.md, "Controls")', () => {
  const result = { summary: 'The user asked about herons.', firstKeptEntryId: 'e7', tokensBefore: 45_000 };
  const compactions = (transcript: Transcript) =>
    transcript.entries.filter((entry) => entry.kind === 'compaction');

  it('shows pi’s and atomic’s compaction_end once, though pi answers the command with it too', () => {
    const transcript = new Transcript();
    transcript.take({ type: 'compaction_start', reason: 'manual' });
    transcript.take({ type: 'compaction_end', reason: 'manual', result, aborted: false, willRetry: false });
    transcript.take({ type: 'response', id: 'c1', command: 'compact', success: true, data: result });
    expect(compactions(transcript)).toEqual([
      {
        kind: 'compaction',
        id: 'compaction-1',
        summary: 'The user asked about herons.',
        tokensBefore: 45_000,
        automatic: false,
      },
    ]);
    // The agent's own, when its context was full; an aborted one is none.
    transcript.take({
      type: 'compaction_end',
      reason: 'threshold',
      result: { ...result, firstKeptEntryId: 'e9' },
      aborted: false,
      willRetry: false,
    });
    transcript.take({
      type: 'compaction_end',
      reason: 'manual',
      result: undefined,
      aborted: true,
      willRetry: false,
    });
    expect(compactions(transcript).map((entry) => entry.kind === 'compaction' && entry.automatic)).toEqual([
      false,
      true,
    ]);
  });

  it('shows oh-my-pi’s: its own as auto_compaction_end, one asked for only in the answer', () => {
    const transcript = new Transcript();
    transcript.take({
      type: 'auto_compaction_end',
      action: 'context-full',
      result,
      aborted: false,
      willRetry: false,
    });
    transcript.take({
      type: 'response',
      id: 'c2',
      command: 'compact',
      success: true,
      data: { ...result, firstKeptEntryId: 'e8' },
    });
    expect(compactions(transcript).map((entry) => entry.kind === 'compaction' && entry.automatic)).toEqual([
      true,
      false,
    ]);
  });

  it('shows the compactions kept in the session when it is read again: pi’s summary, atomic’s custom message', () => {
    const transcript = new Transcript();
    transcript.restore([
      { role: 'compactionSummary', summary: 'Herons, then ibises.', tokensBefore: 30_000, timestamp: 1 },
      { role: 'user', content: 'And cranes?', timestamp: 2 },
      {
        role: 'custom',
        customType: 'compaction',
        content: [{ type: 'text', text: 'Kept: the crane question.' }],
        display: true,
        details: { tokensBefore: 12_000 },
        timestamp: 3,
      },
    ]);
    expect(
      transcript.entries.map((entry) =>
        entry.kind === 'compaction' ? [entry.summary, entry.tokensBefore] : entry.kind,
      ),
    ).toEqual([['Herons, then ibises.', 30_000], 'user', ['Kept: the crane question.', 12_000]]);
  });
});

describe.each(AGENTS)('the conversation of %s asked again (get_messages)', (agent) => {
  const { records, answer } = recorded(agent);
  const live = replay(agent).entries;

  it('comes back the same after a reload, once, however often it is asked', () => {
    const transcript = new Transcript();
    const replies: AssistantEntry[] = [];
    transcript.on('reply', (entry) => replies.push(entry));
    const { messages } = answer('t-messages-after');
    transcript.restore(messages);
    expect(read(transcript.entries)).toEqual(read(live));
    transcript.restore(messages);
    expect(read(transcript.entries)).toEqual(read(live));
    // A restored reply is not news: a screen reader heard it when it was said.
    expect(replies).toEqual([]);
  });

  it('joined in the middle of a reply: what was said before, then the reply, whole at its end', () => {
    const transcript = new Transcript();
    const { at, messages } = answer('t-messages-during');
    transcript.restore(messages);
    expect(read(transcript.entries).at(-1)).toEqual(['user', 'a long answer, please']);
    const texts: string[] = [];
    transcript.on('change', (entries) => {
      const last = entries.at(-1);
      if (last?.kind === 'assistant' && last.streaming) texts.push(last.text);
    });
    for (const record of records.slice(at + 1)) transcript.take(record);
    expect(texts.length).toBeGreaterThan(0);
    expect(read(transcript.entries)).toEqual(read(live));
  });

  it('shows a tool call, running, once the model has written it, before the reply ends', () => {
    const transcript = new Transcript();
    const at = records.findIndex(
      (record) =>
        record.type === 'message_update' &&
        (record.assistantMessageEvent as { type?: string } | undefined)?.type === 'toolcall_end',
    );
    expect(at).toBeGreaterThan(0);
    for (const record of records.slice(0, at + 1)) transcript.take(record);
    expect(transcript.entries.at(-1)).toMatchObject({ kind: 'tool', name: 'bash', running: true });
    expect(transcript.entries.at(-2)).toMatchObject({ kind: 'assistant', streaming: true });
  });

  it('says when the agent works: from its agent_start to its agent_end', () => {
    const transcript = new Transcript();
    const changes: boolean[] = [];
    transcript.on('working', (working) => changes.push(working));
    for (const record of records) transcript.take(record);
    expect(changes).toEqual([true, false, true, false, true, false]);
    expect(transcript.working).toBe(false);
  });
});

/** The messages of `type` among the lines sent. */
function sentOf(lines: readonly string[], type: string): Record<string, unknown>[] {
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((sent) => sent.type === type);
}

describe('a transcript following a controller', () => {
  it('asks for the conversation when the connection opens and takes only its own answer', () => {
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const transcript = new Transcript();
    const stop = transcript.follow(controller);
    // The bridge's question first; an agent asked directly does not know it, and is asked its own.
    const [first] = sentOf(peer.received, 'rpc_ui_get_messages');
    expect(first).toMatchObject({ last: 200 });
    peer.writeMessage({
      type: 'response',
      id: first?.id,
      command: 'rpc_ui_get_messages',
      success: false,
      error: 'Unknown command: rpc_ui_get_messages',
    });
    const [asked] = sentOf(peer.received, 'get_messages');
    if (!asked) throw new Error('No get_messages was asked.');
    expect(transcript.entries).toEqual([]);
    const messages = [{ role: 'user', content: [{ type: 'text', text: 'hello' }], timestamp: 1 }];
    // Another tab's answer (the bridge sends every tab every line) changes nothing here.
    peer.writeMessage({
      type: 'response',
      id: 'another-tab',
      command: 'get_messages',
      success: true,
      data: { messages },
    });
    expect(transcript.entries).toEqual([]);
    peer.writeMessage({
      type: 'response',
      id: asked.id,
      command: 'get_messages',
      success: true,
      data: { messages },
    });
    expect(read(transcript.entries)).toEqual([['user', 'hello']]);
    // Answered once: the same answer again is not taken twice.
    peer.writeMessage({
      type: 'response',
      id: asked.id,
      command: 'get_messages',
      success: true,
      data: { messages: [] },
    });
    expect(read(transcript.entries)).toEqual([['user', 'hello']]);
    stop();
    peer.writeMessage({ type: 'message_start', message: { role: 'user', content: 'not heard' } });
    expect(transcript.entries).toHaveLength(1);
  });

  it('asks again when the bridge names another agent process on the same connection', () => {
    const { transport, peer } = createMemoryTransport();
    const transcript = new Transcript();
    transcript.follow(new ExtensionUIController({ transport }));
    const asks = () => peer.received.filter((line) => line.includes('"get_messages"')).length;
    const hello = (session: string) =>
      peer.writeMessage({ type: 'rpc_ui_hello', protocol: 1, session, agent: { name: 'pi' } });
    hello('first');
    hello('first');
    expect(asks()).toBe(1);
    hello('restarted');
    expect(asks()).toBe(2);
  });

  it('keeps what it holds when the agent cannot say (no get_messages)', () => {
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const transcript = new Transcript();
    transcript.take({ type: 'message_start', message: { role: 'user', content: 'kept' } });
    transcript.follow(controller);
    // pi 0.73.1 refuses an unknown command without its id.
    peer.writeMessage({
      type: 'response',
      command: 'rpc_ui_get_messages',
      success: false,
      error: 'Unknown command: rpc_ui_get_messages',
    });
    const [{ id } = {}] = sentOf(peer.received, 'get_messages');
    expect(id).toBeDefined();
    peer.writeMessage({
      type: 'response',
      id,
      command: 'get_messages',
      success: false,
      error: 'Unknown command',
    });
    // Neither refusal of the kit's own questions is said in the conversation.
    expect(read(transcript.entries)).toEqual([['user', 'kept']]);
  });
});

describe('a transcript behind the rpc-ui bridge (rpc_ui_get_messages)', () => {
  const said = (n: number) => [
    { role: 'user', content: [{ type: 'text', text: `Prompt ${n}` }], timestamp: n },
    { role: 'assistant', content: [{ type: 'text', text: `Reply ${n}` }], timestamp: n },
  ];
  const follow = () => {
    const { transport, peer } = createMemoryTransport();
    const transcript = new Transcript();
    transcript.follow(new ExtensionUIController({ transport }));
    return { peer, transcript, asked: (type: string) => sentOf(peer.received, type) };
  };

  it('reads the last messages first, and the older ones only when asked, once', () => {
    const { peer, transcript, asked } = follow();
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true, session: 's', history: true });
    const [first] = asked('rpc_ui_get_messages');
    expect(first).toMatchObject({ last: 200 });
    peer.writeMessage({ type: 'rpc_ui_messages', id: first?.id, total: 6, messages: said(3) });
    expect(read(transcript.entries)).toEqual([
      ['user', 'Prompt 3'],
      ['assistant', 'Reply 3'],
    ]);
    expect(transcript.unread).toBe(4);
    transcript.readEarlier();
    transcript.readEarlier();
    expect(asked('rpc_ui_get_messages')).toHaveLength(2);
    const rest = asked('rpc_ui_get_messages')[1];
    expect(rest).toEqual({ type: 'rpc_ui_get_messages', id: rest?.id });
    peer.writeMessage({
      type: 'rpc_ui_messages',
      id: rest?.id,
      total: 6,
      messages: [...said(1), ...said(2), ...said(3)],
    });
    expect(read(transcript.entries).map(([, text]) => text)).toEqual([
      'Prompt 1',
      'Reply 1',
      'Prompt 2',
      'Reply 2',
      'Prompt 3',
      'Reply 3',
    ]);
    expect(transcript.unread).toBe(0);
    transcript.readEarlier();
    expect(asked('rpc_ui_get_messages')).toHaveLength(2);
    expect(asked('get_messages')).toEqual([]);
  });

  it('keeps what it holds when the bridge could not ask the agent, and takes no other tab’s answer', () => {
    const { peer, transcript, asked } = follow();
    transcript.take({ type: 'message_start', message: { role: 'user', content: 'kept' } });
    peer.writeMessage({ type: 'rpc_ui_messages', id: 'another-tab', total: 2, messages: said(9) });
    peer.writeMessage({
      type: 'rpc_ui_messages',
      id: asked('rpc_ui_get_messages')[0]?.id,
      error: 'The agent did not answer.',
    });
    expect(read(transcript.entries)).toEqual([['user', 'kept']]);
  });

  it('asks an older bridge, whose hello does not offer it, the agent’s own way', () => {
    const { peer, asked } = follow();
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true, session: 's' });
    expect(asked('get_messages')).toHaveLength(1);
    expect(asked('rpc_ui_get_messages')).toHaveLength(1);
  });
});

describe('images in the conversation', () => {
  const PNG =
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGM4IScHRww4OQD1xwwxB+utmQAAAABJRU5ErkJggg==';

  it('keeps a prompt’s attachments and a tool’s image answer, whole base64 of a kind shown, else their type alone', () => {
    const transcript = new Transcript();
    transcript.restore([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          // oh-my-pi cuts a string that does not fit its frame, and says so in it.
          { type: 'image', data: 'iVBORw0…[734003 chars elided for RPC frame]', mimeType: 'image/png' },
          { type: 'image', data: 'PHN2Zz48L3N2Zz4=', mimeType: 'image/svg+xml' },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'toolCall', id: 'r1', name: 'read', arguments: { path: 'logo.png' } }],
      },
      // pi's read of a PNG: a line of text, then the image.
      {
        role: 'toolResult',
        toolCallId: 'r1',
        toolName: 'read',
        content: [
          { type: 'text', text: 'Read image file [image/png]' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
        ],
        isError: false,
      },
    ]);
    const prompt = transcript.entries.find((entry) => entry.kind === 'user');
    const read = transcript.entries.find((entry) => entry.kind === 'tool');
    expect(prompt).toMatchObject({
      kind: 'user',
      text: 'What is this?',
      images: [
        { mimeType: 'image/png', data: PNG },
        { mimeType: 'image/png' },
        { mimeType: 'image/svg+xml' },
      ],
    });
    // Cut short: its type alone, no data.
    expect(prompt?.kind === 'user' ? prompt.images?.[1] : undefined).toEqual({ mimeType: 'image/png' });
    expect(read).toMatchObject({
      kind: 'tool',
      result: 'Read image file [image/png]',
      images: [{ mimeType: 'image/png', data: PNG }],
    });
    transcript.restore([{ role: 'user', content: 'no image' }]);
    expect(transcript.entries[0]).not.toHaveProperty('images');
  });
});
