import { Emitter } from '../../transport/emitter.js';
import type { InboundMessage } from '../../transport/inbound.js';
import type { ExtensionUIController } from '../controller.js';
import type { AssistantEntry, NoticeEntry, ToolEntry, TranscriptEntry } from './entries.js';
import { argsText, objectOf, partsText, stringOf, toolCallParts } from './records.js';

/** Events of a {@link Transcript}. */
export interface TranscriptEvents {
  /** The entries changed (once per record that changed them). */
  change: readonly TranscriptEntry[];
  /** A reply of the assistant's ended, whole: what a screen reader should hear, once. */
  reply: AssistantEntry;
}

/** The record types a transcript reads; every other line passes by unparsed. */
const TYPES = new Set([
  'message_start',
  'message_update',
  'message_end',
  'tool_execution_start',
  'tool_execution_update',
  'tool_execution_end',
  'agent_end',
  'response',
  'notice',
]);

/** The commands whose failure is the turn's: the user asked, and nothing happened. */
const TURN_COMMANDS = new Set(['prompt', 'steer', 'follow_up']);

/** The streamed parts of the reply in progress, by their `contentIndex`. */
type Blocks = Map<number, { readonly type: 'text' | 'thinking'; text: string }>;

/**
 * The conversation as the agent streams it: the user's prompts, the assistant's replies as they
 * stream (pi 1.x and atomic send deltas; pi 0.73.1 and oh-my-pi snapshots, taken as they are), the
 * tool calls with their results, and the agent's own errors and stops as notices.
 * `role: "system"` messages are not chat and are left out. Follows a controller's lines (`follow`)
 * or takes records one by one (`take`).
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
  #reply: { readonly id: string; readonly blocks: Blocks } | undefined;

  /** The entries, oldest first. */
  get entries(): readonly TranscriptEntry[] {
    return this.#entries;
  }

  on<K extends keyof TranscriptEvents>(type: K, listener: (event: TranscriptEvents[K]) => void): () => void {
    return this.#events.on(type, listener);
  }

  /** Take in the lines `controller` passes through; returns the function that stops. */
  follow(controller: ExtensionUIController): () => void {
    return controller.on('message', (message) => this.takeLine(message));
  }

  /** One line from the agent: read only when it is a record of the turn. */
  takeLine(message: InboundMessage): void {
    if (!message.type || !TYPES.has(message.type)) return;
    const parsed = message.parse();
    if (parsed.ok) this.take(parsed.value);
  }

  /** One record from the agent (any other value is ignored). */
  take(value: unknown): void {
    const record = objectOf(value);
    if (!record) return;
    this.#changed = false;
    this.#apply(record);
    if (this.#changed) this.#events.emit('change', this.#entries);
  }

  /** Forget every entry (a new session). */
  clear(): void {
    this.#entries.length = 0;
    this.#at.clear();
    this.#reply = undefined;
    this.#events.emit('change', this.#entries);
  }

  #apply(record: Record<string, unknown>): void {
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
      case 'response':
        if (record.success === false && TURN_COMMANDS.has(stringOf(record.command) ?? ''))
          this.#notice('error', stringOf(record.error) ?? `${String(record.command)} failed`);
        return;
      case 'notice': {
        const level = record.level === 'error' || record.level === 'warning' ? record.level : 'info';
        const text = stringOf(record.message);
        if (text) this.#notice(level, text);
        return;
      }
    }
  }

  #messageStart(message: Record<string, unknown> | undefined): void {
    if (message?.role === 'user') {
      this.#push({ kind: 'user', id: this.#id('user'), text: partsText(message.content) });
    } else if (message?.role === 'assistant') {
      const id = this.#id('reply');
      this.#reply = { id, blocks: new Map() };
      const text = partsText(message.content);
      const thinking = partsText(message.content, 'thinking');
      this.#push({ kind: 'assistant', id, text, thinking, streaming: true });
    }
  }

  #messageUpdate(event: Record<string, unknown> | undefined): void {
    const reply = this.#reply;
    const kind = stringOf(event?.type) ?? '';
    const index = typeof event?.contentIndex === 'number' ? event.contentIndex : 0;
    const type = kind.startsWith('thinking') ? 'thinking' : kind.startsWith('text') ? 'text' : undefined;
    if (!reply || !event || !type) return;
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
    if (!block) reply.blocks.set(index, (block = { type, text: '' }));
    if (kind.endsWith('_delta')) block.text += stringOf(event.delta) ?? '';
    else if (kind.endsWith('_end') && typeof event.content === 'string') block.text = event.content;
    else return;
    const parts = [...reply.blocks.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
    const joined = (of: 'text' | 'thinking') =>
      parts
        .filter((part) => part.type === of)
        .map((part) => part.text)
        .join('');
    this.#update<AssistantEntry>(reply.id, (entry) => ({
      ...entry,
      text: joined('text'),
      thinking: joined('thinking'),
    }));
  }

  #messageEnd(message: Record<string, unknown> | undefined): void {
    if (message?.role === 'toolResult') {
      const id = stringOf(message.toolCallId);
      if (id && this.#at.has(id)) this.#finishTool(id, partsText(message.content), message.isError === true);
      return;
    }
    const reply = this.#reply;
    if (message?.role !== 'assistant' || !reply) return;
    this.#reply = undefined;
    const stopReason = stringOf(message.stopReason);
    const entry = this.#update<AssistantEntry>(reply.id, (was) => ({
      ...was,
      text: partsText(message.content),
      thinking: partsText(message.content, 'thinking'),
      streaming: false,
      ...(stopReason ? { stopReason } : {}),
    }));
    for (const call of toolCallParts(message.content))
      if (!this.#at.has(call.id))
        this.#push({
          kind: 'tool',
          id: call.id,
          name: call.name,
          args: call.args,
          running: true,
          isError: false,
        });
    if (entry) this.#events.emit('reply', entry);
    if (stopReason === 'aborted') this.#notice('info', '', 'stopped');
    else if (stopReason === 'error') this.#notice('error', stringOf(message.errorMessage) ?? '');
  }

  #toolExecution(record: Record<string, unknown>): void {
    const id = stringOf(record.toolCallId);
    if (!id) return;
    if (!this.#at.has(id)) {
      const name = stringOf(record.toolName) ?? '';
      this.#push({ kind: 'tool', id, name, args: argsText(record.args), running: true, isError: false });
    }
    const result = objectOf(record.type === 'tool_execution_end' ? record.result : record.partialResult);
    if (record.type === 'tool_execution_end')
      this.#finishTool(id, partsText(result?.content), record.isError === true);
    else if (result)
      this.#update<ToolEntry>(id, (entry) => ({ ...entry, result: partsText(result.content) }));
  }

  #finishTool(id: string, result: string, isError: boolean): void {
    this.#update<ToolEntry>(id, (entry) => ({ ...entry, result, isError, running: false }));
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
