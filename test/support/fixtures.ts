import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One line of a transcript: when, which way, and the exact bytes. */
export interface TranscriptRecord {
  readonly t_ms: number;
  readonly dir: 'from_agent' | 'to_agent';
  readonly raw: string;
}

const dir = fileURLToPath(new URL('../fixtures/pi-0.73.1/', import.meta.url));

/** The transcript files of the real agent. */
export const fixtureNames = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));

/** Read one transcript. */
export function readTranscript(name: string): TranscriptRecord[] {
  return readFileSync(dir + name, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TranscriptRecord);
}
