/**
 * The dialog ledger (src/controller/dialog-ledger.ts): the bookkeeping of asked, answered, closed
 * and expired questions that the controller (one per page) and the bridge's table (one per agent
 * process) both keep on. Its own rules first; then, with random questions, answers and time, the
 * page and the bridge fed the same lines agree on what is waiting and on which answer goes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UiTable } from '../../../src/bridge/ui-table.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { DialogLedger } from '../../../src/controller/dialog-ledger.js';
import type { DialogRequest } from '../../../src/protocol/types.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { FakeClock } from '../../support/fake-clock.js';
import { fuzzParameters } from '../../support/fuzz.js';

const input = (id: string, title = 'Name?'): DialogRequest => ({
  type: 'extension_ui_request',
  id,
  method: 'input',
  title,
});
const entry = (request: DialogRequest) => ({ request });

/** A ledger that notes the questions whose deadline passed, as a keeper's `expired` would. */
class NotingLedger extends DialogLedger<{ readonly request: DialogRequest }> {
  readonly expiredIds: string[] = [];

  protected override expired({ request }: { readonly request: DialogRequest }): void {
    this.expiredIds.push(request.id);
  }
}

function ledger(clock = new FakeClock(), closedLimit = 100) {
  const kept = new NotingLedger(clock, closedLimit);
  return { kept, expired: kept.expiredIds, clock };
}

describe('the dialog ledger', () => {
  it('says what asking is: new, a replay while it waits, another question, closed already', () => {
    const { kept } = ledger();
    expect(kept.asking(input('a'))).toBe('new');
    kept.open(entry(input('a')));
    expect(kept.asking(input('a'))).toBe('pending');
    expect(kept.asking(input('a', 'Another?'))).toBe('replacing');
    kept.close('a');
    expect(kept.asking(input('a'))).toBe('closed');
    // Another question under a used id is another question.
    expect(kept.asking(input('a', 'Another?'))).toBe('new');
  });

  it('keeps the questions in the order asked; one asked again under its id goes last', () => {
    const { kept } = ledger();
    for (const id of ['a', 'b', 'c']) kept.open(entry(input(id)));
    const before = kept.pending;
    expect(kept.pending).toBe(before); // the same array until one changes
    kept.open(entry(input('a', 'Another?')));
    expect(kept.pending.map(({ request }) => request.id)).toEqual(['b', 'c', 'a']);
    kept.update(entry(input('b', 'Changed?')));
    expect(kept.pending.map(({ request }) => request.title)).toEqual(['Changed?', 'Name?', 'Another?']);
  });

  it('closes a question at its deadline, as expired, and says so once', () => {
    const { kept, expired, clock } = ledger();
    const asked = entry(input('a'));
    kept.open(asked);
    kept.expireAt(asked, clock.now() + 1000);
    clock.advance(999);
    expect(kept.get('a')).toBe(asked);
    clock.advance(1);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.closedAs('a')).toBe('expired');
    expect(expired).toEqual(['a']);
    clock.advance(10_000);
    expect(expired).toEqual(['a']);
  });

  it('ends a question whose deadline has passed at once, and keeps no deadline for one that left', () => {
    const { kept, expired, clock } = ledger();
    const restored = entry(input('a'));
    kept.open(restored);
    kept.expireAt(restored, clock.now() - 1);
    expect(expired).toEqual(['a']);
    const answered = entry(input('b'));
    kept.open(answered);
    kept.close('b');
    kept.expireAt(answered, clock.now() + 10);
    expect(clock.pending).toBe(0);
  });

  it('drops the deadline of a question replaced or answered; an answered one is not expired', () => {
    const { kept, expired, clock } = ledger();
    const first = entry(input('a'));
    kept.open(first);
    kept.expireAt(first, clock.now() + 10);
    kept.open(entry(input('a', 'Another?')));
    kept.expireAt(entry(input('b')), clock.now() + 10); // never opened: ignored
    clock.advance(100);
    expect(expired).toEqual([]);
    kept.close('a');
    expect(kept.closedAs('a')).toBe('answered');
    expect(kept.closedAs('never')).toBeUndefined();
  });

  it('remembers the newest closed questions up to its limit', () => {
    const { kept } = ledger(new FakeClock(), 3);
    for (const id of ['a', 'b', 'c', 'd']) {
      kept.open(entry(input(id)));
      kept.close(id);
    }
    expect(kept.closed().map(({ id }) => id)).toEqual(['b', 'c', 'd']);
    expect(kept.knows('a')).toBe(false);
    kept.markClosed('e');
    expect(kept.closed().at(-1)).toEqual({ id: 'e', question: '' });
  });

  it('forgets what waits without closing it, and the closed questions only when told', () => {
    const { kept, clock } = ledger();
    const asked = entry(input('a'));
    kept.open(asked);
    kept.expireAt(asked, clock.now() + 10);
    kept.open(entry(input('b')));
    kept.close('b', 'expired');
    expect(kept.clear({ closed: false })).toEqual([asked]);
    expect(clock.pending).toBe(0);
    expect(kept.asking(input('a'))).toBe('new');
    expect(kept.closedAs('b')).toBe('expired');
    kept.clear({ closed: true });
    expect(kept.knows('b')).toBe(false);
  });
});

/**
 * One step of a run: the agent asks (perhaps again), a person answers, or time passes. A question
 * asked again is asked as it was, timeout included (its timeout is its title's): a repeat with
 * less time is how the bridge replays a question to a page, never what an agent writes.
 */
type Step =
  | { readonly kind: 'ask'; readonly id: string; readonly title: 'One?' | 'Two?' | 'Three?' }
  | { readonly kind: 'answer'; readonly id: string }
  | { readonly kind: 'wait'; readonly ms: number };

const TIMEOUTS = { 'One?': 500, 'Two?': 2000, 'Three?': undefined } as const;

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('ask' as const),
    id: fc.constantFrom('a', 'b'),
    title: fc.constantFrom('One?' as const, 'Two?' as const, 'Three?' as const),
  }),
  fc.record({ kind: fc.constant('answer' as const), id: fc.constantFrom('a', 'b') }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 800 }) }),
);

describe('the page and the bridge on one ledger', () => {
  it('agree, after any questions, answers and time, on what waits and on which answer goes', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const clock = new FakeClock();
        const { transport, peer } = createMemoryTransport();
        const page = new ExtensionUIController({ transport, clock });
        const bridge = new UiTable(clock);
        for (const s of steps) {
          if (s.kind === 'wait') clock.advance(s.ms);
          else if (s.kind === 'ask') {
            const line = JSON.stringify({
              type: 'extension_ui_request',
              id: s.id,
              method: 'input',
              title: s.title,
              timeout: TIMEOUTS[s.title],
            });
            bridge.observe(InboundMessage.fromText(line));
            peer.write(`${line}\n`);
          } else {
            // The page answers what it shows; the bridge forwards only the first answer to a waiting question.
            const shown = page.dialogs.some((dialog) => dialog.request.id === s.id);
            const outcome = page.respond(s.id, { value: 'typed' });
            expect(outcome === 'sent').toBe(shown);
            if (shown) expect(bridge.claim({ id: s.id, value: 'typed' })).toBe('first');
            else expect(bridge.claim({ id: s.id, value: 'typed' })).not.toBe('first');
          }
          expect(page.dialogs.map((dialog) => dialog.request.id)).toEqual(bridge.pendingIds());
        }
        bridge.clear();
        page.dispose();
      }),
      fuzzParameters(1000),
    );
  });
});
