import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One line of a transcript: when, which way, and the exact bytes. */
export interface TranscriptRecord {
  readonly t_ms: number;
  readonly dir: 'from_agent' | 'to_agent';
  readonly raw: string;
}

/** The agents whose real transcripts are in test/fixtures/, by folder. */
export type TranscriptAgent = 'pi-0.73.1' | 'pi-1.6.0' | 'omp-18.2.3' | 'atomic-6031a92';

const dir = (agent: TranscriptAgent) => fileURLToPath(new URL(`../fixtures/${agent}/`, import.meta.url));

/** The transcript files of one real agent. */
export function transcriptNames(agent: TranscriptAgent): string[] {
  return readdirSync(dir(agent)).filter((name) => name.endsWith('.jsonl'));
}

/** The transcript files of pi 0.73.1. */
export const fixtureNames = transcriptNames('pi-0.73.1');

/** Read one transcript (of pi 0.73.1 unless `agent` says otherwise). */
export function readTranscript(name: string, agent: TranscriptAgent = 'pi-0.73.1'): TranscriptRecord[] {
  return readFileSync(dir(agent) + name, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TranscriptRecord);
}

/** The names atomic 6031a92 gives its sign-in providers (its `get_available_models`' `oauthProviders`). */
export const ATOMIC_PROVIDER_NAMES = [
  'Anthropic',
  'GitHub Copilot',
  'Kimi For Coding',
  'OpenAI Codex',
  'OpenRouter',
  'Radius',
  'xAI',
];
