/** The conversation's strings (`rpc-transcript`): a part of {@link RpcStrings}. */
import type { CountedText } from './format.js';
import type { RpcStrings } from './strings.js';
import { textTruncated } from './truncated.js';

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
  /** Conversation, a tool call's card: its state while it runs (the tool's name follows; `{tool}` names it too). */
  transcriptToolRunning: string;
  /** Conversation, a tool call's card: its state once done (`{tool}` as above). */
  transcriptToolDone: string;
  /** Conversation, a tool call's card: its state once failed (`{tool}` as above). */
  transcriptToolFailed: string;
  /** Conversation, a tool call's card: its state when refused before it ran (a permission gate's No). */
  transcriptToolBlocked: string;
  /** Conversation, a tool call's card: how a command ended, `{code}`. */
  transcriptToolExit: string;
  /** Conversation, a tool call's card: the lines a read asked for, `{from}` to `{to}`. */
  transcriptToolLines: string;
  /** Conversation, a tool call's card: the line a read started at, `{from}`, to the end. */
  transcriptToolLinesFrom: string;
  /** Conversation, a tool call's card: the button that shows the whole of a long output, `{count}` lines. */
  transcriptToolShowAll: CountedText;
  /** Conversation, a tool call's card: before an added line of a diff, for a screen reader. */
  transcriptDiffAdded: string;
  /** Conversation, a tool call's card: before a removed line of a diff, for a screen reader. */
  transcriptDiffRemoved: string;
  /** Conversation, a tool call's card: the heading of its arguments. */
  transcriptToolArgs: string;
  /** Conversation, a tool call's card: the heading of its result. */
  transcriptToolResult: string;
  /** Conversation: a turn stopped before its end. */
  transcriptStopped: string;
  /** Conversation, a compaction asked for: the heading of its summary. */
  transcriptCompacted: string;
  /** Conversation, a compaction the agent made by itself (its context was full). */
  transcriptCompactedAuto: string;
  /** Conversation, a compaction: how full the context was, `{tokens}` ("45K"). */
  transcriptCompactedTokens: string;
  /** Conversation: a command that failed, before the agent's error: `{command}`. */
  transcriptCommandFailed: string;
  /** Conversation, a reply: an image it names by address, which is not loaded: `{alt}`, its text. */
  transcriptImage: string;
  /** Conversation, a reply: an image it names by address, without a text of its own. */
  transcriptImageUntitled: string;
  /** Conversation, a prompt: the text of an image attached to it. */
  transcriptImageAttached: string;
  /** Conversation, a tool call: the text of an image it answered with, `{path}` the file it read. */
  transcriptImageRead: string;
  /** Conversation, a tool call: the text of an image it answered with, `{tool}` its name. */
  transcriptImageFrom: string;
  /** Conversation: said for an image the agent sent cut short or of a kind not shown. */
  transcriptImageNotShown: string;
  /** Conversation, a reply: the button that copies a code block. */
  transcriptCopyCode: string;
  /** Conversation, a reply: said once a code block is on the clipboard. */
  transcriptCopied: string;
  /** Conversation, a reply: said when the clipboard refused a code block. */
  transcriptCopyFailed: string;
  /** Conversation: a reply said whole to screen readers: `{text}`. */
  transcriptReplyAnnouncement: string;
  /** Conversation: the button that renders earlier entries: `{count}` not rendered yet. */
  transcriptEarlier: CountedText;
  /** Conversation, the agent has no model: the heading. */
  transcriptNoModel: string;
  /** Conversation, the agent has no model and gives no reason: pi's words (it writes them to stderr). */
  transcriptNoModelReason: string;
  /** Conversation, no model, the agent offers sign-ins: `{providers}`, their names (listed as the locale lists alternatives). */
  transcriptNoModelSignIn: string;
  /** Conversation, no model and no sign-in: what to do. */
  transcriptNoModelAdd: string;
  /** Conversation, no model: the link to the host's help (`model-help-href`). */
  transcriptNoModelHelp: string;
}

/** The conversation's strings. */
export const transcriptEnglish = {
  textTruncated,
  transcriptLabel: 'Conversation',
  transcriptEmpty: 'Nothing said yet. Write to the agent below.',
  transcriptYou: 'You',
  transcriptAgent: 'Agent',
  transcriptThinking: 'Thinking',
  transcriptToolRunning: 'Running',
  transcriptToolDone: 'Done',
  transcriptToolFailed: 'Failed',
  transcriptToolBlocked: 'Blocked',
  transcriptToolExit: 'exit code {code}',
  transcriptToolLines: 'lines {from}–{to}',
  transcriptToolLinesFrom: 'from line {from}',
  transcriptToolShowAll: { one: 'Show all {count} line', other: 'Show all {count} lines' },
  transcriptDiffAdded: 'Added:',
  transcriptDiffRemoved: 'Removed:',
  transcriptToolArgs: 'Arguments',
  transcriptToolResult: 'Result',
  transcriptStopped: 'Stopped: the agent ended this turn early.',
  transcriptCompacted: 'The earlier conversation was compacted: the agent keeps this summary of it',
  transcriptCompactedAuto:
    'The context was full: the agent compacted the earlier conversation into this summary',
  transcriptCompactedTokens: '{tokens} tokens before',
  transcriptCommandFailed: '“{command}” failed:',
  transcriptImage: 'Image, not loaded: {alt}',
  transcriptImageUntitled: 'Image, not loaded',
  transcriptImageAttached: 'Image attached to the prompt',
  transcriptImageRead: 'Image read from {path}',
  transcriptImageFrom: 'Image from {tool}',
  transcriptImageNotShown: 'An image the agent did not send whole or in a kind shown here ({type}).',
  transcriptCopyCode: 'Copy code',
  transcriptCopied: 'Copied',
  transcriptCopyFailed: 'Could not copy: select the code and copy it yourself.',
  transcriptReplyAnnouncement: 'The agent says: {text}',
  transcriptEarlier: {
    one: 'Show earlier messages ({count} more)',
    other: 'Show earlier messages ({count} more)',
  },
  transcriptNoModel: 'The agent has no model',
  transcriptNoModelReason: 'No models available.',
  transcriptNoModelSignIn: 'It cannot answer until it has one. Sign in to a provider it offers: {providers}.',
  transcriptNoModelAdd:
    "It cannot answer until it has one: add a model to the agent's settings, then start it again.",
  transcriptNoModelHelp: 'How to add a model',
} satisfies Partial<RpcStrings>;
