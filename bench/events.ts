import type { Random } from './random.js';
import { makeTokens, prefixes } from './text.js';

// Agent events shaped like pi 0.73.1 writes them in RPC mode (key order included): a
// message_update carries the delta, the whole partial message in the event, and a copy of it.

interface TextBlock {
  readonly type: 'text';
  readonly text: string;
}

export interface AssistantMessage {
  readonly role: 'assistant';
  readonly content: readonly TextBlock[];
  readonly api: string;
  readonly provider: string;
  readonly model: string;
  readonly usage: object;
  readonly stopReason: string;
  readonly timestamp: number;
}

/** Turns one assistant answer and one tool call into JSONL lines. */
export class EventWriter {
  readonly #random: Random;
  readonly #emit: (line: string) => void;
  #clock = 1_767_000_000_000;

  constructor(random: Random, emit: (line: string) => void) {
    this.#random = random;
    this.#emit = emit;
  }

  event(value: object): void {
    this.#emit(JSON.stringify(value));
  }

  /** Streams an answer of about `length` characters in `steps` updates; returns the final message. */
  assistant(length: number, steps: number): AssistantMessage {
    const timestamp = (this.#clock += this.#random.int(500, 5000));
    const message = (text: string | undefined, output: number): AssistantMessage => ({
      role: 'assistant',
      content: text === undefined ? [] : [{ type: 'text', text }],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage: usage(output),
      stopReason: 'stop',
      timestamp,
    });
    this.event({ type: 'message_start', message: message(undefined, 0) });
    const start = message('', 0);
    this.#update({ type: 'text_start', contentIndex: 0, partial: start }, start);
    let last = start;
    for (const { text, delta } of prefixes(makeTokens(this.#random, length), steps)) {
      last = message(text, Math.ceil(text.length / 4));
      this.#update({ type: 'text_delta', contentIndex: 0, delta, partial: last }, last);
    }
    const content = last.content[0]?.text ?? '';
    this.#update({ type: 'text_end', contentIndex: 0, content, partial: last }, last);
    this.event({ type: 'message_end', message: last });
    return last;
  }

  /** A bash tool call whose output grows over `updates` partial results. */
  tool(outputLength: number, updates: number): void {
    const toolCallId = `toolu_${this.#random.uuid().replaceAll('-', '').slice(0, 24)}`;
    const args = { command: this.#random.pick(['npm test', 'ls -la src', 'git diff', 'rg TODO']) };
    this.event({ type: 'tool_execution_start', toolCallId, toolName: 'bash', args });
    const chunks = prefixes(makeTokens(this.#random, outputLength), Math.max(1, updates));
    for (const { text } of chunks.slice(0, updates)) {
      const partialResult = {
        content: [{ type: 'text', text }],
        details: { truncation: null, fullOutputPath: null },
      };
      this.event({ type: 'tool_execution_update', toolCallId, toolName: 'bash', args, partialResult });
    }
    const text = chunks[chunks.length - 1]?.text ?? '';
    const result = { content: [{ type: 'text', text }], details: { truncation: null } };
    this.event({ type: 'tool_execution_end', toolCallId, toolName: 'bash', result, isError: false });
  }

  #update(assistantMessageEvent: object, message: AssistantMessage): void {
    this.event({ type: 'message_update', assistantMessageEvent, message });
  }
}

function usage(output: number): object {
  return {
    input: 1200,
    output,
    cacheRead: 18000,
    cacheWrite: 0,
    totalTokens: 19200 + output,
    cost: { input: 0.0036, output: output * 0.000015, cacheRead: 0.0054, cacheWrite: 0, total: 0.009 },
  };
}
