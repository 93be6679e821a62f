/**
 * `Transcript`, the conversation read from the agent's lines: long because it is one reader of one
 * stream (every event of a turn, in order); the entries it makes are in entries.ts.
 */
import { Emitter } from '../../shared/emitter.js';
import type { InboundMessage } from '../../transport/inbound.js';
import type { ExtensionUIController } from '../controller.js';
import { type AgentModels, followModels } from '../models.js';
import type { AssistantEntry, NoticeEntry, ToolEntry, TranscriptEntry } from './entries.js';
import { type Compaction, compactionOfEvent, compactionOfMessage, compactionOfResult } from './compaction.js';
import { failureOf } from './failures.js';
import { HistoryQuestion } from './history.js';
import { MESSAGES_TYPE } from '../../protocol/conversation.js';
import { type Blocks, joinedBlocks } from './blocks.js';
import { argsText, objectOf, partsText, promptOf, stringOf, toolCallParts, toolOutcome } from './records.js';

/** Events of a {@link Transcript}. */
export interface TranscriptEvents {
  /** The entries changed (once per record that changed them). */
  change: readonly TranscriptEntry[];
  /** A reply of the assistant's ended, whole: what a screen reader should hear, once. */
  reply: AssistantEntry;
  /** The agent started or ended a run (see {@link Transcript.working}). */
  working: boolean;
}

/** The records of a turn: while they come, the agent works. */
const TURN_RECORDS = new Set([
  'agent_start',
  'message_start',
  'message_update',
  'message_end',
  'tool_execution_start',
  'tool_execution_update',
  'tool_execution_end',
]);

/** The record types a transcript reads; every other line passes by unparsed. */
const TYPES = new Set([
  ...TURN_RECORDS,
  'agent_end',
  'response',
  MESSAGES_TYPE,
  'notice',
  'compaction_end',
  'auto_compaction_end',
]);

/** The reply streaming now: its entry's id and its parts. */
interface Reply {
  readonly id: string;
  readonly blocks: Blocks;
}

/**
 * The conversation as the agent streams it: the user's prompts, the assistant's replies as they
 * stream (pi 1.x and atomic send deltas; pi 0.73.1 and oh-my-pi snapshots, taken as they are), the
 * tool calls with their results, and the agent's own errors and stops as notices.
 * `role: "system"` messages are not chat and are left out. Follows a controller's lines (`follow`)
 * or takes records one by one (`take`).
 *
 * Following a controller, it asks the agent for the conversation so far (`get_messages`, which
 * pi, oh-my-pi and atomic answer) each time the connection opens, and puts it in place of what
 * it held: after a reload, a reconnect or in a second tab the conversation is back, once.
 */
export class Transcript {
  readonly #events = new Emitter<TranscriptEvents>();
  // Appended and replaced in place (10,000 entries and a token a frame must stay cheap); each
  // entry itself is never changed, but replaced, so a renderer can tell which ones changed.
  readonly #entries: TranscriptEntry[] = [];
  #changed = false;
  readonly #at = new Map<string, number>();
  #serial = 0;
  /** The reply streaming now, and its parts. */
  #reply: Reply | undefined;
  #working = false;
  /** The question for the conversation so far, while following a controller. */
  #history: HistoryQuestion | undefined;
  /** How many older messages the agent holds that were not read in (only the last were asked). */
  #unread = 0;
  #reads = 0;
  /** While the conversation so far is read in: its replies are not news. */
  #restoring = false;
  /** The key of the compaction shown last (pi reports one twice: its event, then its answer). */
  #lastCompaction: string | undefined;
  #models: AgentModels | undefined;

  /**
   * What the followed controller's agent says of its models (`followModels`): with none
   * available, a page says so where the conversation would be. `undefined` when not following.
   */
  get models(): AgentModels | undefined {
    return this.#models;
  }

  /** The entries, oldest first. */
  get entries(): readonly TranscriptEntry[] {
    return this.#entries;
  }

  on<K extends keyof TranscriptEvents>(type: K, listener: (event: TranscriptEvents[K]) => void): () => void {
    return this.#events.on(type, listener);
  }

  /** Whether the agent is running a turn (from its `agent_start` to its `agent_end`). */
  get working(): boolean {
    return this.#working;
  }

  /**
   * Take in the lines `controller` passes through, and the conversation so far each time its
   * connection opens or the rpc-ui bridge names another agent process (a restarted agent on the
   * same connection); returns the function that stops.
   */
  follow(controller: ExtensionUIController): () => void {
    const history = new HistoryQuestion((message) => controller.send(message));
    this.#history = history;
    const stopAsking = history.follow(controller, (message) => this.takeLine(message));
    // Whether the agent has a model at all: with none, the conversation says what to do.
    const models = followModels(controller);
    this.#models = models.models;
    const offChanged = models.models.on('change', () => this.#events.emit('change', this.#entries));
    return () => {
      stopAsking();
      offChanged();
      models.stop();
      this.#models = undefined;
      this.#history = undefined;
    };
  }

  /** One line from the agent: read only when it is a record of the turn. */
  takeLine(message: InboundMessage): void {
    if (!message.type || !TYPES.has(message.type)) return;
    const parsed = message.parse();
    if (parsed.ok) this.take(parsed.value);
  }

  /**
   * How many older messages the agent holds that are not read in: a long conversation is read its
   * last messages first, the rest when asked for (`readEarlier`).
   */
  get unread(): number {
    return this.#unread;
  }

  /** How many times the conversation so far was read in (`restore`): a renderer's cue that entries were put in place, not added. */
  get reads(): number {
    return this.#reads;
  }

  /** Ask for the whole conversation, when older messages are not read in (`unread`). */
  readEarlier(): void {
    if (this.#unread > 0 && !this.#history?.askingAll) this.#history?.ask();
  }

  /**
   * The conversation so far, as the agent keeps it (`get_messages`' `messages`), in place of every
   * entry; a reply streaming now stays, after them. Its replies are not announced. `total` is how
   * many messages the agent holds, when `messages` are only the last of them.
   */
  restore(messages: readonly unknown[], total = messages.length): void {
    this.#unread = Math.max(0, total - messages.length);
    this.#reads++;
    const streaming = this.#reply;
    const entry = streaming && this.#entries[this.#at.get(streaming.id) ?? -1];
    this.#entries.length = 0;
    this.#at.clear();
    this.#restoring = true;
    for (const value of messages) {
      const message = objectOf(value);
      const compaction = message && compactionOfMessage(message);
      if (compaction) this.#compacted(compaction);
      if (message?.role === 'user' || message?.role === 'assistant') this.#messageStart(message);
      if (message?.role === 'assistant' || message?.role === 'toolResult') this.#messageEnd(message);
    }
    this.#restoring = false;
    this.#reply = undefined;
    if (streaming && entry) {
      this.#push(entry);
      this.#reply = streaming;
    }
    this.#events.emit('change', this.#entries);
  }

  /** One record from the agent (any other value is ignored). */
  take(value: unknown): void {
    const record = objectOf(value);
    if (!record) return;
    this.#changed = false;
    this.#apply(record);
    if (this.#changed) this.#events.emit('change', this.#entries);
  }

  #apply(record: Record<string, unknown>): void {
    if (record.type === 'agent_end') this.#setWorking(false);
    // A record of a turn says the agent works, though its agent_start came before a reload.
    else if (typeof record.type === 'string' && TURN_RECORDS.has(record.type)) this.#setWorking(true);
    switch (record.type) {
      case 'message_start':
        return this.#messageStart(objectOf(record.message));
      case 'message_update':
        return this.#messageUpdate(objectOf(record.assistantMessageEvent));
      case 'message_end':
        return this.#messageEnd(objectOf(record.message));
      case 'tool_execution_start':
      case 'tool_execution_update':
      case 'tool_execution_end':
        return this.#toolExecution(record);
      case 'agent_end':
        // A reply the agent never ended (a crash in the middle): it is not streaming any more.
        if (this.#reply)
          this.#update<AssistantEntry>(this.#reply.id, (entry) => ({ ...entry, streaming: false }));
        this.#reply = undefined;
        return;
      case 'compaction_end':
      case 'auto_compaction_end':
        return this.#compacted(compactionOfEvent(record));
      case MESSAGES_TYPE:
        return this.#readIn(record);
      case 'response':
        this.#readIn(record);
        if (record.success === false) this.#failed(record);
        // oh-my-pi says a compaction it was asked for only in its answer.
        else if (record.command === 'compact') this.#compacted(compactionOfResult(record.data, false));
        return;
      case 'notice': {
        const level = record.level === 'error' || record.level === 'warning' ? record.level : 'info';
        const text = stringOf(record.message);
        if (text) this.#notice(level, text);
        return;
      }
    }
  }

  /** A command that failed, said in the conversation (failures.ts says which, and how). */
  #failed(record: Record<string, unknown>): void {
    const failure = failureOf(record);
    if (!failure) return;
    if (failure.command === undefined) this.#notice('error', failure.text);
    else this.#push({ kind: 'notice', id: this.#id('notice'), level: 'error', ...failure });
  }

  /** The answer to the question for the conversation so far, if `record` is it. */
  #readIn(record: Record<string, unknown>): void {
    const history = this.#history?.read(record);
    if (history) this.restore(history.messages, history.total);
  }

  /** A compaction, shown once however many times it is reported. */
  #compacted(compaction: Compaction | undefined): void {
    if (!compaction || compaction.key === this.#lastCompaction) return;
    this.#lastCompaction = compaction.key;
    const { summary, automatic } = compaction;
    const before = compaction.tokensBefore === undefined ? {} : { tokensBefore: compaction.tokensBefore };
    this.#push({ kind: 'compaction', id: this.#id('compaction'), summary, automatic, ...before });
  }

  #setWorking(working: boolean): void {
    if (working === this.#working) return;
    this.#working = working;
    this.#events.emit('working', working);
  }

  #messageStart(message: Record<string, unknown> | undefined): void {
    if (message?.role === 'user') {
      this.#push({ kind: 'user', id: this.#id('user'), ...promptOf(message.content) });
    } else if (message?.role === 'assistant') {
      this.#startReply(partsText(message.content), partsText(message.content, 'thinking'));
    }
  }

  #startReply(text: string, thinking: string): Reply {
    const reply = { id: this.#id('reply'), blocks: new Map() };
    this.#reply = reply;
    this.#push({ kind: 'assistant', id: reply.id, text, thinking, streaming: true });
    return reply;
  }

  #messageUpdate(event: Record<string, unknown> | undefined): void {
    const kind = stringOf(event?.type) ?? '';
    // A tool call the model has written whole shows at once: oh-my-pi may ask about it (an
    // extension's tool_call hook) before the reply's message_end.
    if (kind === 'toolcall_end') return this.#toolCalls([event?.toolCall]);
    const index = typeof event?.contentIndex === 'number' ? event.contentIndex : 0;
    const type = kind.startsWith('thinking') ? 'thinking' : kind.startsWith('text') ? 'text' : undefined;
    if (!event || !type) return;
    // Joined in the middle of a reply (a reload): it is shown from here, and whole at its end.
    const reply = this.#reply ?? this.#startReply('', '');
    // A snapshot (pi 0.73.1, oh-my-pi) is the whole reply so far; oh-my-pi's message_start has
    // one already, which the deltas would begin again.
    const partial = objectOf(event.partial);
    if (partial) {
      const text = partsText(partial.content);
      const thinking = partsText(partial.content, 'thinking');
      this.#update<AssistantEntry>(reply.id, (entry) => ({ ...entry, text, thinking }));
      return;
    }
    let block = reply.blocks.get(index);
    const fresh = !block;
    if (!block) reply.blocks.set(index, (block = { type, text: '' }));
    const delta = kind.endsWith('_delta') ? (stringOf(event.delta) ?? '') : undefined;
    if (delta !== undefined) block.text += delta;
    else if (kind.endsWith('_end') && typeof event.content === 'string') block.text = event.content;
    else return;
    // A token at the end of the reply (nearly every one) is appended, not joined again with all
    // the parts before it; a part's first token joins them, so the entry matches its parts.
    if (delta !== undefined && !fresh && index === Math.max(...reply.blocks.keys())) {
      this.#update<AssistantEntry>(reply.id, (entry) => ({ ...entry, [type]: entry[type] + delta }));
      return;
    }
    this.#update<AssistantEntry>(reply.id, (entry) => ({ ...entry, ...joinedBlocks(reply.blocks) }));
  }

  #messageEnd(message: Record<string, unknown> | undefined): void {
    if (message?.role === 'toolResult') {
      const id = stringOf(message.toolCallId);
      if (id && this.#at.has(id)) this.#finishTool(id, message, message.isError === true);
      return;
    }
    if (message?.role !== 'assistant') return;
    const reply = this.#reply ?? this.#startReply('', '');
    this.#reply = undefined;
    const stopReason = stringOf(message.stopReason);
    const entry = this.#update<AssistantEntry>(reply.id, (was) => ({
      ...was,
      text: partsText(message.content),
      thinking: partsText(message.content, 'thinking'),
      streaming: false,
      ...(stopReason ? { stopReason } : {}),
    }));
    this.#toolCalls(message.content);
    if (entry && !this.#restoring) this.#events.emit('reply', entry);
    if (stopReason === 'aborted') this.#notice('info', '', 'stopped');
    else if (stopReason === 'error') this.#notice('error', stringOf(message.errorMessage) ?? '');
  }

  /** The tool calls among `parts` not shown yet, as running. */
  #toolCalls(parts: unknown): void {
    for (const call of toolCallParts(parts))
      if (!this.#at.has(call.id))
        this.#push({
          kind: 'tool',
          id: call.id,
          name: call.name,
          args: call.args,
          running: true,
          isError: false,
        });
  }

  #toolExecution(record: Record<string, unknown>): void {
    const id = stringOf(record.toolCallId);
    if (!id) return;
    if (!this.#at.has(id)) {
      const name = stringOf(record.toolName) ?? '';
      this.#push({ kind: 'tool', id, name, args: argsText(record.args), running: true, isError: false });
    }
    const result = objectOf(record.type === 'tool_execution_end' ? record.result : record.partialResult);
    if (record.type === 'tool_execution_end') this.#finishTool(id, result, record.isError === true);
    else if (result)
      this.#update<ToolEntry>(id, (entry) => ({ ...entry, result: partsText(result.content) }));
  }

  /** A tool call ended with `result`. */
  #finishTool(id: string, result: Record<string, unknown> | undefined, isError: boolean): void {
    const outcome = toolOutcome(result, isError);
    // Its toolResult message after its end may say less (atomic): a failure stays one.
    this.#update<ToolEntry>(id, (entry) => ({
      ...entry,
      ...outcome,
      isError: entry.isError || outcome.isError,
    }));
  }

  #notice(level: NoticeEntry['level'], text: string, cause?: NoticeEntry['cause']): void {
    this.#push({ kind: 'notice', id: this.#id('notice'), level, text, ...(cause ? { cause } : {}) });
  }

  #id(kind: string): string {
    return `${kind}-${++this.#serial}`;
  }

  #push(entry: TranscriptEntry): void {
    this.#at.set(entry.id, this.#entries.length);
    this.#entries.push(entry);
    this.#changed = true;
  }

  /** Replace entry `id` with `change(entry)`; the new entry, if there was one. */
  #update<T extends TranscriptEntry>(id: string, change: (entry: T) => T): T | undefined {
    const at = this.#at.get(id);
    const entry = at === undefined ? undefined : (this.#entries[at] as T | undefined);
    if (at === undefined || !entry) return undefined;
    const next = change(entry);
    this.#entries[at] = next;
    this.#changed = true;
    return next;
  }
}
