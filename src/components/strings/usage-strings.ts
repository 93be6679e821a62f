/** The session-use panel's strings (`rpc-usage`): a part of {@link RpcStrings}. */
import type { RpcStrings } from './strings.js';

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
}

/** The session-use panel's strings. */
export const usageEnglish = {
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
} satisfies Partial<RpcStrings>;
