/** Replays of the real agents' transcripts through a controller (test/fixtures/<agent>/). */
import type { DialogAnswer } from '../../src/protocol/types.js';
import { ExtensionUIController } from '../../src/controller/controller.js';
import { createMemoryTransport } from '../../src/transport/memory.js';
import { FakeClock } from './fake-clock.js';
import { readTranscript, type TranscriptAgent } from './fixtures.js';

export interface Wire {
  type?: string;
  id?: string;
  value?: unknown;
  confirmed?: unknown;
  cancelled?: unknown;
}

/** The answer a well-formed response line carries, or undefined for a wrong-shaped one. */
export function answerOf(line: Wire): DialogAnswer | undefined {
  const keys = Object.keys(line).filter((k) => k !== 'type' && k !== 'id');
  if (keys.length !== 1) return undefined;
  if (line.cancelled === true) return { cancelled: true };
  if (typeof line.confirmed === 'boolean') return { confirmed: line.confirmed };
  if (typeof line.value === 'string') return { value: line.value };
  return undefined;
}

/**
 * Replay a real agent's transcript into a controller on a fake clock: the agent's lines at their
 * recorded times, and the driver's answers through `respond` where it answered.
 */
export function replay(name: string, agent: TranscriptAgent = 'pi-0.73.1') {
  const clock = new FakeClock(0);
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport, clock });
  const log = {
    requests: [] as string[],
    expired: [] as string[],
    invalid: [] as string[],
    refused: [] as string[],
    unanswerable: [] as string[],
    expected: [] as Wire[],
    others: [] as string[],
    output: [] as string[],
    dismissed: [] as string[],
  };
  controller.on('request', (r) => log.requests.push(r.method));
  controller.on('expire', (e) => log.expired.push(e.dialog.request.title));
  controller.on('invalid', (r) => log.invalid.push(r.message));
  controller.on('message', (m) => log.others.push(m.type ?? '?'));
  controller.on('output', (text) => log.output.push(text));
  controller.on('dismiss', (e) => log.dismissed.push(`${e.reason ?? 'local'}:${e.dialog.request.title}`));
  for (const record of readTranscript(name, agent)) {
    clock.advance(record.t_ms - clock.now());
    if (record.dir === 'from_agent') {
      peer.write(`${record.raw}\n`);
      continue;
    }
    let line: Wire;
    try {
      line = JSON.parse(record.raw) as Wire;
    } catch {
      continue; // the driver's deliberately malformed lines
    }
    if (line.type !== 'extension_ui_response') continue;
    const answer = answerOf(line);
    if (!answer || !line.id) {
      log.refused.push(record.raw);
      continue;
    }
    try {
      if (controller.respond(line.id, answer) === 'sent') log.expected.push(line);
      else log.unanswerable.push(line.id);
    } catch {
      log.refused.push(record.raw);
    }
  }
  const sent = peer.received.map((l) => JSON.parse(l) as Wire);
  return { controller, clock, log, sent };
}
