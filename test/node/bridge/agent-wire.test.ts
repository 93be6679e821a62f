/**
 * The bridge's side of the agents' framing: oh-my-pi recognised by its `ready`, protocol v2
 * negotiated, `rpc_chunk` frames put back together; and its table following each agent where
 * they differ (`timeout: 0`, `cancel`, atomic's option ids and logins).
 */
import { describe, expect, it } from 'vitest';
import { AgentWire, NEGOTIATE_ID } from '../../../src/bridge/agent-wire.js';
import { UiTable } from '../../../src/bridge/ui-table.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { FakeClock } from '../../support/fake-clock.js';
import { readTranscript } from '../../support/fixtures.js';

const line = (value: object) => InboundMessage.fromText(JSON.stringify(value));
const ready =
  readTranscript('main.jsonl', 'omp-18.2.3').find((r) => r.raw.startsWith('{"type":"ready"'))?.raw ?? '';

function wire(identity?: { name: string; version?: string }) {
  const sent: OutboundMessage[] = [];
  const logged: string[] = [];
  const agentWire = new AgentWire(
    identity,
    (m) => sent.push(m),
    (m) => logged.push(m),
  );
  return { agentWire, sent, logged };
}

describe('the agent wire', () => {
  it('sends the bridge’s own commands and hands their responses to it alone, once', () => {
    const { agentWire, sent } = wire({ name: 'pi' });
    const answers: unknown[] = [];
    agentWire.ask({ type: 'get_state' }, (response) => answers.push(response.data));
    expect(sent).toEqual([{ type: 'get_state', id: expect.stringMatching(/^rpc-ui-bridge-get_state-/) }]);
    const id = String(sent[0]?.id);
    const answer = line({
      id,
      type: 'response',
      command: 'get_state',
      success: true,
      data: { sessionFile: 'f' },
    });
    expect(agentWire.read(answer)).toBeUndefined();
    expect(answers).toEqual([{ sessionFile: 'f' }]);
    // The same id again is no longer the bridge's: it goes to the tabs, and the bridge is not told twice.
    expect(agentWire.read(answer)?.text).toBe(answer.text);
    expect(answers).toHaveLength(1);
    // A tab's get_state is the tab's.
    const tabs = line({ id: 'tab-1', type: 'response', command: 'get_state', success: true, data: {} });
    expect(agentWire.read(tabs)?.text).toBe(tabs.text);
  });

  it('says so when the bridge’s own command cannot be written', () => {
    const logged: string[] = [];
    const agentWire = new AgentWire(
      undefined,
      () => {
        throw new Error('EPIPE');
      },
      (m) => logged.push(m),
    );
    agentWire.ask({ type: 'get_state' }, () => undefined);
    expect(logged).toEqual(['rpc-ui: could not ask the agent get_state: Error: EPIPE']);
  });

  it('recognises oh-my-pi by its ready line, asks for v2, and keeps its own answer from the tabs', () => {
    const { agentWire, sent } = wire();
    expect(agentWire.read(InboundMessage.fromText(ready))?.text).toBe(ready);
    expect(agentWire.identity).toEqual({ name: 'omp' });
    expect(sent).toEqual([{ type: 'negotiate_protocol', id: NEGOTIATE_ID, protocolVersion: 2 }]);
    const answer = `{"id":"${NEGOTIATE_ID}","type":"response","command":"negotiate_protocol","success":true,"data":{"protocolVersion":2}}`;
    expect(agentWire.read(InboundMessage.fromText(answer))).toBeUndefined();
    expect(agentWire.identity).toEqual({ name: 'omp', protocolVersion: 2 });
    // A tab's own command answered with another id passes through.
    const other = '{"id":"p1","type":"response","command":"prompt","success":true}';
    expect(agentWire.read(InboundMessage.fromText(other))?.text).toBe(other);
  });

  it('keeps the version it was started with once oh-my-pi says ready', () => {
    const { agentWire } = wire({ name: 'omp', version: '18.2.3' });
    agentWire.read(InboundMessage.fromText(ready));
    expect(agentWire.identity).toEqual({ name: 'omp', version: '18.2.3' });
  });

  it('passes a line put together from chunks; a line in the middle of them drops them, said in the log', () => {
    const { agentWire, logged } = wire();
    const whole = JSON.stringify({
      type: 'extension_ui_request',
      id: 'n',
      method: 'notify',
      message: 'é'.repeat(600_000),
    });
    const bytes = Buffer.from(whole);
    const half = Math.ceil(bytes.length / 2);
    const frame = (index: number) =>
      line({
        type: 'rpc_chunk',
        chunkId: 'c',
        index,
        count: 2,
        byteLength: bytes.length,
        data: bytes.subarray(index * half, (index + 1) * half).toString('base64'),
      });
    expect(agentWire.read(frame(0))).toBeUndefined();
    expect(agentWire.read(frame(1))?.text).toBe(whole);
    expect(agentWire.read(frame(0))).toBeUndefined();
    const between = '{"type":"agent_start"}';
    expect(agentWire.read(InboundMessage.fromText(between))?.text).toBe(between);
    expect(logged).toEqual([expect.stringMatching(/cut a chunked line short/)]);
    expect(agentWire.read(frame(1))).toBeUndefined();
    expect(logged[1]).toMatch(/dropped a chunked agent line/);
  });
});

const request = (fields: Record<string, unknown>) => line({ type: 'extension_ui_request', ...fields });

describe("the bridge's table, agent by agent", () => {
  it('oh-my-pi: a timeout of 0 is over at once; pi: it never ends', () => {
    // Time is the stimulus here: a fake clock moves it, so a busy machine cannot stretch it.
    const clock = new FakeClock();
    const omp = new UiTable(clock);
    omp.observe(request({ id: 'z', method: 'confirm', title: 't', message: 'm', timeout: 0 }), {
      name: 'omp',
    });
    clock.advance(0);
    expect(omp.pendingIds()).toEqual([]);
    expect(omp.claim({ type: 'extension_ui_response', id: 'z', confirmed: true })).toBe('expired');
    const pi = new UiTable(clock);
    pi.observe(request({ id: 'z', method: 'confirm', title: 't', message: 'm', timeout: 0 }), { name: 'pi' });
    clock.advance(24 * 60 * 60 * 1000);
    expect(pi.pendingIds()).toEqual(['z']);
  });

  it('a withdrawn dialog is neither replayed nor answered', () => {
    const table = new UiTable();
    table.observe(request({ id: 'd', method: 'input', title: 'Name?' }));
    table.observe(request({ id: 'c', method: 'cancel', targetId: 'd' }));
    expect(table.replay()).toEqual([]);
    expect(table.claim({ type: 'extension_ui_response', id: 'd', value: 'late' })).toBe('expired');
  });

  it("atomic: oauth_select is answered with an option's id; a login's end ends its questions", () => {
    const table = new UiTable();
    const prompt = {
      message: 'Sign in',
      options: [
        { id: 'browser', label: 'Browser' },
        { id: 'device', label: 'Device code' },
      ],
    };
    table.observe(
      request({ id: 's', method: 'oauth_select', provider: 'radius', loginId: 'radius', prompt }),
    );
    expect(table.claim({ type: 'extension_ui_response', id: 's', value: 'Device code' })).toEqual({
      invalid: 'An oauth_select is answered with the id of one of its options.',
    });
    expect(table.claim({ type: 'extension_ui_response', id: 's', value: 'device' })).toBe('first');
    table.observe(
      request({ id: 'm', method: 'oauth_manual_code', provider: 'anthropic', loginId: 'anthropic' }),
    );
    expect(table.pendingIds()).toEqual(['m']);
    table.observe(
      InboundMessage.fromText(
        '{"id":"l","type":"response","command":"login_provider","success":true,"data":{"provider":"anthropic","cancelled":true}}',
      ),
    );
    expect(table.pendingIds()).toEqual([]);
  });
});
