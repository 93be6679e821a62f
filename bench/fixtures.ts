import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../test/fixtures/pi-0.73.1/', import.meta.url));
const REQUEST_PREFIX = '{"type":"extension_ui_request","id":"';
const DIALOG_METHODS = new Set(['select', 'confirm', 'input', 'editor']);

/** Lines the real agent wrote, byte-exact, grouped by what they are. */
export interface AgentLines {
  /** `extension_ui_request` lines: statuses, widgets, notifies, titles, dialogs. */
  readonly requests: readonly string[];
  /** Command responses (`{"id":…,"type":"response",…}` and the few without an id). */
  readonly responses: readonly string[];
}

interface TranscriptRecord {
  readonly dir?: unknown;
  readonly raw?: unknown;
}

/** Every `from_agent` line of the pi 0.73.1 transcripts. */
export function loadAgentLines(): AgentLines {
  const requests: string[] = [];
  const responses: string[] = [];
  for (const file of readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(FIXTURES, file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const record = JSON.parse(line) as TranscriptRecord;
      if (record.dir !== 'from_agent' || typeof record.raw !== 'string') continue;
      if (record.raw.startsWith(REQUEST_PREFIX)) requests.push(record.raw);
      else if (record.raw.includes('"type":"response"')) responses.push(record.raw);
    }
  }
  return { requests, responses };
}

/** The same request line with another id (the id is the first field after the type). */
export function withId(request: string, id: string): string {
  const start = REQUEST_PREFIX.length;
  const end = request.indexOf('"', start);
  return `${REQUEST_PREFIX}${id}${request.slice(end)}`;
}

/** Whether a request line is a dialog (select, confirm, input, editor). */
export function isDialogLine(request: string): boolean {
  const match = /"method":"([^"]+)"/.exec(request);
  return match?.[1] !== undefined && DIALOG_METHODS.has(match[1]);
}
