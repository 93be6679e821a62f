import type { MessageImage } from './records.js';

/** What the user said: a prompt as the agent took it in (its `message_start` with `role: "user"`). */
export interface UserEntry {
  readonly kind: 'user';
  readonly id: string;
  readonly text: string;
  /** The images attached to the prompt. */
  readonly images?: readonly MessageImage[];
}

/** A reply of the assistant's, as it streams: its text, and its thinking apart. */
export interface AssistantEntry {
  readonly kind: 'assistant';
  readonly id: string;
  readonly text: string;
  readonly thinking: string;
  /** Until its `message_end`. */
  readonly streaming: boolean;
  /** How it ended, as the agent says (`stop`, `toolUse`, `aborted`, `error`), once it has. */
  readonly stopReason?: string;
}

/** A call of one of the agent's tools: its arguments, then what it answered. */
export interface ToolEntry {
  readonly kind: 'tool';
  /** The tool call's id. */
  readonly id: string;
  readonly name: string;
  /** Its arguments as JSON text, as the model wrote them. */
  readonly args: string;
  /** Until its `tool_execution_end`. */
  readonly running: boolean;
  /** What it answered (its text parts), once it has. */
  readonly result?: string;
  /** What else it answered for a client to show (an edit's diff, a shell call's exit code), as the agent gives it. */
  readonly details?: unknown;
  /** The images it answered with (a read of a PNG). */
  readonly images?: readonly MessageImage[];
  readonly isError: boolean;
}

/** Something the agent said about the turn rather than in it: an error, a stop, a warning. */
export interface NoticeEntry {
  readonly kind: 'notice';
  readonly id: string;
  readonly level: 'error' | 'warning' | 'info';
  /** The agent's words (empty for a stop, which the renderer words). */
  readonly text: string;
  /** `stopped`: the turn was stopped (aborted) before its end. */
  readonly cause?: 'stopped';
  /** The command that failed, when it is not the turn's (`text` is its error). */
  readonly command?: string;
}

/** The agent compacted the conversation: what came before is summarised in its context. */
export interface CompactionEntry {
  readonly kind: 'compaction';
  readonly id: string;
  /** Its summary, in the agent's words (atomic: the text it kept). */
  readonly summary: string;
  /** How many tokens the context held before, when the agent says. */
  readonly tokensBefore?: number;
  /** The agent compacted by itself (its context was full), not because it was asked. */
  readonly automatic: boolean;
}

/** One entry of the conversation, oldest first. */
export type TranscriptEntry = UserEntry | AssistantEntry | ToolEntry | NoticeEntry | CompactionEntry;
