/**
 * The agents' compactions, as each reports them (docs/agents.md, "Controls"): pi and atomic send
 * `compaction_end` with the result, oh-my-pi `auto_compaction_end` for its own and nothing but the
 * answer to `compact` for one asked; kept in the session, pi and oh-my-pi give a
 * `compactionSummary` message, atomic a `custom` message of type `compaction`.
 */
import { objectOf, partsText, stringOf } from './records.js';

/** One compaction: what the agent kept of the conversation before it. */
export interface Compaction {
  /** Its summary (atomic: the text it kept), in the agent's words. */
  readonly summary: string;
  /** How many tokens the context held before it, when the agent says. */
  readonly tokensBefore?: number;
  /** The agent compacted by itself (its context was full), not because it was asked. */
  readonly automatic: boolean;
  /** The same compaction, reported twice (pi's event, then its answer), has the same key. */
  readonly key: string;
}

const tokensOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? { tokensBefore: value } : {};

/** A compaction's result (`CompactionResult`; atomic's verbatim one), read. */
export function compactionOfResult(value: unknown, automatic: boolean): Compaction | undefined {
  const result = objectOf(value);
  if (!result) return undefined;
  const summary = stringOf(result.summary) ?? stringOf(result.compactedText) ?? '';
  // Its summary too: atomic's result may name neither its size before nor the entry kept first.
  const key = `${String(result.tokensBefore)}:${String(result.firstKeptEntryId)}:${summary}`;
  return { summary, ...tokensOf(result.tokensBefore), automatic, key };
}

/** A compaction an event reports: the end of one that was not aborted and has a result. */
export function compactionOfEvent(record: Record<string, unknown>): Compaction | undefined {
  if (record.aborted === true) return undefined;
  const automatic = record.type === 'auto_compaction_end' || record.reason !== 'manual';
  return compactionOfResult(record.result, automatic);
}

/** A compaction kept in the session, from the agent's messages (`get_messages`). */
export function compactionOfMessage(message: Record<string, unknown>): Compaction | undefined {
  const when = String(message.timestamp);
  if (message.role === 'compactionSummary') {
    const summary = stringOf(message.summary) ?? '';
    return { summary, ...tokensOf(message.tokensBefore), automatic: false, key: `kept:${when}` };
  }
  if (message.role === 'custom' && message.customType === 'compaction') {
    const details = objectOf(message.details);
    const summary = partsText(message.content);
    return { summary, ...tokensOf(details?.tokensBefore), automatic: false, key: `kept:${when}` };
  }
  return undefined;
}
