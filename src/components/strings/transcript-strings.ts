/** The conversation's strings (`rpc-transcript`): a part of {@link RpcStrings}. */
import type { RpcStrings } from './strings.js';

/** The strings `rpc-transcript` shows. */
export interface TranscriptStrings {
  /** Conversation: its accessible name. */
  transcriptLabel: string;
  /** Conversation: shown while it is empty. */
  transcriptEmpty: string;
  /** Conversation: who wrote a prompt. */
  transcriptYou: string;
  /** Conversation: who wrote a reply. */
  transcriptAgent: string;
  /** Conversation: the collapsed thinking of a reply. */
  transcriptThinking: string;
  /** Conversation: a tool call running: `{tool}`. */
  transcriptToolRunning: string;
  /** Conversation: a tool call done: `{tool}`. */
  transcriptToolDone: string;
  /** Conversation: a tool call that failed: `{tool}`. */
  transcriptToolFailed: string;
  /** Conversation: the heading of a tool call's arguments. */
  transcriptToolArgs: string;
  /** Conversation: the heading of a tool call's result. */
  transcriptToolResult: string;
  /** Conversation: a turn stopped before its end. */
  transcriptStopped: string;
  /** Conversation: a reply said whole to screen readers: `{text}`. */
  transcriptReplyAnnouncement: string;
  /** Conversation: the button that renders earlier entries: `{count}` not rendered yet. */
  transcriptEarlier: string;
}

export const transcriptEnglish = {
  transcriptLabel: 'Conversation',
  transcriptEmpty: 'Nothing said yet. Write to the agent below.',
  transcriptYou: 'You',
  transcriptAgent: 'Agent',
  transcriptThinking: 'Thinking',
  transcriptToolRunning: '{tool}: running…',
  transcriptToolDone: '{tool}',
  transcriptToolFailed: '{tool}: failed',
  transcriptToolArgs: 'Arguments',
  transcriptToolResult: 'Result',
  transcriptStopped: 'Stopped: the agent ended this turn early.',
  transcriptReplyAnnouncement: 'The agent says: {text}',
  transcriptEarlier: 'Show earlier messages ({count} more)',
} satisfies Partial<RpcStrings>;
