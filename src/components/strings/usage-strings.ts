/** The session-use panel's strings (`rpc-usage`): a part of {@link RpcStrings}. */
import type { RpcStrings } from './strings.js';
import { textTruncated } from './truncated.js';

/** The strings `rpc-usage` shows. */
export interface UsageStrings {
  /** Session use: the panel's title, its accessible name. */
  usageLabel: string;
  /** Session use: before the agent has answered. */
  usageWaiting: string;
  /** Session use: the tokens sent to the model. */
  usageInput: string;
  /** Session use: the tokens the model wrote. */
  usageOutput: string;
  /** Session use: the tokens read from the provider's cache. */
  usageCacheRead: string;
  /** Session use: the tokens written to the provider's cache. */
  usageCacheWrite: string;
  /** Session use: what the session cost, from the model's prices. */
  usageCost: string;
  /** Session use: how full the model's context is. */
  usageContext: string;
  /** Session use: the context's fill: `{percent}` of `{window}` tokens. */
  usageContextValue: string;
  /** Session use: the fill is not known (right after a compaction). */
  usageContextUnknown: string;
  /** Session use: the button that asks the agent to compact, offered near the limit. */
  usageCompact: string;
  /** Session use: why compaction is offered, and what it does. */
  usageCompactHint: string;
  /** Session use, status: the agent is compacting. */
  usageCompacting: string;
  /** Session use, status: the agent compacted the session. */
  usageCompacted: string;
  /** Session use, alert: it did not, `{error}` in the agent's words. */
  usageCompactFailed: string;
  /** Session use, alert: it could not be asked (no connection). */
  usageCompactUnsent: string;
  /** Session use, alert: the connection closed before the agent answered. */
  usageCompactUnanswered: string;
}

/** The session-use panel's strings. */
export const usageEnglish = {
  textTruncated,
  usageLabel: 'This session',
  usageWaiting: 'Asking the agent…',
  usageInput: 'Tokens in',
  usageOutput: 'Tokens out',
  usageCacheRead: 'Read from cache',
  usageCacheWrite: 'Written to cache',
  usageCost: 'Cost',
  usageContext: 'Context used',
  usageContextValue: '{percent} of {window} tokens',
  usageContextUnknown: 'Known after the next reply',
  usageCompact: 'Compact now',
  usageCompactHint:
    'The context is nearly full. Compacting replaces the earlier conversation with a summary, so the agent can go on; a turn running now is stopped first.',
  usageCompacting: 'Compacting the session…',
  usageCompacted: 'The session was compacted.',
  usageCompactFailed: 'The session was not compacted: {error}',
  usageCompactUnsent: 'Not sent: the page is not connected. Try again once it is.',
  usageCompactUnanswered:
    'The connection closed before the agent answered. The figures say what it did once it is back.',
} satisfies Partial<RpcStrings>;
