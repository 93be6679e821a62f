/** Property tests: whatever the agent (or a broken pipe) sends, in whatever chunks, the controller never throws and never answers twice. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import type { PendingDialog } from '../../../src/controller/types.js';
import { questionFingerprint } from '../../../src/protocol/fingerprint.js';
import type { InboundMessage } from '../../../src/transport/inbound.js';
import { JsonlDecoder } from '../../../src/transport/jsonl.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { FakeClock } from '../../support/fake-clock.js';
import { fixtureNames, readTranscript } from '../../support/fixtures.js';

const runs = Number(process.env.FC_RUNS ?? 1000);
const encoder = new TextEncoder();
const realLines = fixtureNames.flatMap((name) =>
  readTranscript(name)
    .filter((r) => r.dir === 'from_agent')
    .map((r) => r.raw),
);

const id = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const text = fc.string({ unit: 'binary', maxLength: 12 });
const timeout = fc.option(fc.integer({ min: -10, max: 2000 }), { nil: undefined });
const dialog = fc.oneof(
  fc.record({
    method: fc.constant('select'),
    id,
    title: text,
    options: fc.array(text, { maxLength: 4 }),
    timeout,
  }),
  fc.record({ method: fc.constant('confirm'), id, title: text, message: text, timeout }),
  fc.record({
    method: fc.constant('input'),
    id,
    title: text,
    placeholder: fc.option(text, { nil: undefined }),
    timeout,
  }),
  fc.record({ method: fc.constant('editor'), id, title: text, prefill: fc.option(text, { nil: undefined }) }),
);
const update = fc.oneof(
  fc.record({ method: fc.constant('notify'), id, message: text }),
  fc.record({
    method: fc.constant('setStatus'),
    id,
    statusKey: text,
    statusText: fc.option(text, { nil: undefined }),
  }),
  fc.record({
    method: fc.constant('setWidget'),
    id,
    widgetKey: text,
    widgetLines: fc.option(fc.array(text), { nil: undefined }),
  }),
);
const requestLine = fc
  .oneof(dialog, update)
  .map((r) => JSON.stringify({ type: 'extension_ui_request', ...r }));
const garbage = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.json(),
  requestLine.map((line) => line.slice(0, Math.max(1, line.length - 3))),
  fc
    .record({ type: fc.constant('extension_ui_request'), id: fc.anything(), method: fc.anything() })
    .map((r) => JSON.stringify(r) ?? ''),
);
const line = fc.oneof(
  { weight: 4, arbitrary: requestLine },
  { weight: 2, arbitrary: garbage },
  { weight: 1, arbitrary: fc.constantFrom(...realLines) },
);

type Action =
  | { kind: 'chunk'; bytes: Uint8Array }
  | { kind: 'respond'; index: number; choice: number }
  | { kind: 'cancelAll'; respond: boolean }
  | { kind: 'cancel'; index: number }
  | { kind: 'advance'; ms: number };

/** Lines joined and cut into random chunks, interleaved with user actions. */
const scenario = fc
  .tuple(fc.array(line, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 20 }))
  .chain(([lines, cuts]) => {
    const bytes = encoder.encode(lines.map((l) => `${l}\n`).join(''));
    const points = [...new Set(cuts.map((c) => (bytes.length ? c % bytes.length : 0)))].sort((a, b) => a - b);
    const chunks: Action[] = [];
    let start = 0;
    for (const point of [...points, bytes.length]) {
      chunks.push({ kind: 'chunk', bytes: bytes.subarray(start, point) });
      start = point;
    }
    const action: fc.Arbitrary<Action> = fc.oneof(
      fc.record({ kind: fc.constant('respond' as const), index: fc.nat(5), choice: fc.nat(5) }),
      fc.record({ kind: fc.constant('cancelAll' as const), respond: fc.boolean() }),
      fc.record({ kind: fc.constant('cancel' as const), index: fc.nat(5) }),
      fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 1500 }) }),
    );
    return fc.array(action, { maxLength: 20 }).map((actions) => {
      const merged = [...chunks];
      actions.forEach((a, i) => merged.splice(Math.min(merged.length, (i * 7) % (merged.length + 1)), 0, a));
      return merged;
    });
  });

describe('the controller under any input', () => {
  it('never throws, never answers twice, never answers what was not asked or already expired', () => {
    fc.assert(
      fc.property(scenario, (actions) => {
        const clock = new FakeClock();
        const { transport, peer } = createMemoryTransport();
        const controller = new ExtensionUIController({ transport, clock });
        // Each question under its id: an id may be asked again with another question.
        const key = ({ request }: PendingDialog) => `${request.id}\n${questionFingerprint(request)}`;
        const asked = new Set<string>();
        const gone = new Set<string>();
        const answers: string[] = [];
        controller.on('dialogs', (dialogs) => {
          for (const d of dialogs) asked.add(key(d));
        });
        controller.on('expire', (e) => gone.add(key(e.dialog)));
        controller.on('dismiss', (e) => gone.add(key(e.dialog)));
        controller.on('answer', (e) => {
          expect(gone.has(key(e.dialog))).toBe(false);
          answers.push(key(e.dialog));
        });
        for (const action of actions) {
          const pending = controller.dialogs;
          switch (action.kind) {
            case 'chunk':
              peer.write(action.bytes);
              break;
            case 'respond': {
              const target = pending[action.index % Math.max(1, pending.length)];
              if (!target) break;
              const r = target.request;
              const answer =
                action.choice === 0
                  ? { cancelled: true as const }
                  : r.method === 'confirm'
                    ? { confirmed: action.choice % 2 === 0 }
                    : r.method === 'select'
                      ? r.options.length
                        ? { value: r.options[action.choice % r.options.length] ?? '' }
                        : { cancelled: true as const }
                      : { value: 'x'.repeat(action.choice) };
              expect(controller.respond(r.id, answer)).toBe('sent');
              expect(controller.respond(r.id, answer)).toBe('not-pending');
              break;
            }
            case 'cancelAll':
              controller.cancelAll({ respond: action.respond });
              break;
            case 'cancel':
              controller.cancel(pending[action.index % Math.max(1, pending.length)]?.request.id ?? 'none');
              break;
            case 'advance':
              clock.advance(action.ms);
              break;
          }
        }
        peer.end();
        const answered = peer.received.map((l) => (JSON.parse(l) as { id: string }).id);
        expect(answered).toEqual(answers.map((answer) => answer.slice(0, answer.indexOf('\n'))));
        expect(new Set(answers).size).toBe(answers.length);
        for (const answer of answers) {
          expect(asked.has(answer)).toBe(true);
          expect(gone.has(answer)).toBe(false);
        }
      }),
      { numRuns: runs },
    );
  });
});

describe('the framing under any chunking', () => {
  it('yields the same lines however the bytes are cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { maxLength: 10 }),
        fc.array(fc.nat()),
        (parts, cuts) => {
          const bytes = encoder.encode(parts.join('\n'));
          const read = (chunks: Uint8Array[]) => {
            const lines: string[] = [];
            const decoder = new JsonlDecoder({ onMessage: (m: InboundMessage) => lines.push(m.text) });
            for (const chunk of chunks) decoder.push(chunk);
            decoder.end();
            return lines;
          };
          const points = [...new Set(cuts.map((c) => (bytes.length ? c % bytes.length : 0)))].sort(
            (a, b) => a - b,
          );
          const chunks: Uint8Array[] = [];
          let start = 0;
          for (const point of [...points, bytes.length]) {
            chunks.push(bytes.subarray(start, point));
            start = point;
          }
          expect(read(chunks)).toEqual(read([bytes]));
        },
      ),
      { numRuns: runs },
    );
  });
});
