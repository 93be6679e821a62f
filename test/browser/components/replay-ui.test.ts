/**
 * The real agent's main transcript replayed into <rpc-dialogs>, every dialog answered through the
 * elements with real keys: what leaves the elements must be exactly what the transcript's driver
 * sent the agent.
 */
import { expect, fixture, html } from '@open-wc/testing';

import type { LitElement } from 'lit';
import '../../../src/components/define.js';
import type { RpcDialogs } from '../../../src/components/dialogs/rpc-dialogs.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { combo, press } from '../../support/keys.js';

interface Record {
  dir: string;
  raw: string;
}

async function transcript(name: string): Promise<Record[]> {
  const text = await (await fetch(`/test/fixtures/pi-0.73.1/${name}`)).text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record);
}

describe('a real transcript answered through the elements', () => {
  it('main.jsonl: select, select with timeout, confirm, input ×2, editor ×2 give the transcript’s answers', async () => {
    const records = await transcript('main.jsonl');
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const host = await fixture<RpcDialogs>(html`<rpc-dialogs .controller=${controller}></rpc-dialogs>`);
    const child = () =>
      host.shadowRoot?.querySelector<LitElement>('rpc-select, rpc-confirm, rpc-input, rpc-editor') ?? null;
    const settle = async () => {
      await host.updateComplete;
      await child()?.updateComplete;
    };
    const field = () =>
      child()?.shadowRoot?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea');

    const expected: unknown[] = [];
    for (const record of records) {
      if (record.dir === 'from_agent') {
        peer.write(`${record.raw}\n`);
        continue;
      }
      const line = JSON.parse(record.raw) as { type?: string; id?: string };
      if (line.type !== 'extension_ui_response' || !controller.dialogs.some((d) => d.request.id === line.id))
        continue;
      expected.push(line);
      await settle();
      const request = controller.current?.request;
      expect(request?.id).to.equal(line.id);
      const answer = line as { value?: string; confirmed?: boolean };
      switch (request?.method) {
        case 'select': {
          const steps = request.options.indexOf(answer.value ?? '');
          for (let i = 0; i < steps; i++) await press('ArrowDown');
          await press('Enter');
          break;
        }
        case 'confirm':
          await (answer.confirmed ? combo(['Control'], 'Enter') : press('Enter'));
          break;
        case 'input':
        case 'editor': {
          const target = field();
          if (!target) throw new Error('no field');
          // Characters a keyboard cannot type (U+2028) go in as the platform would paste them.
          target.value = answer.value ?? '';
          target.dispatchEvent(new Event('input', { bubbles: true }));
          if (request.method === 'input') await press('Enter');
          else await combo(['Control'], 'Enter');
          break;
        }
      }
      await settle();
    }
    expect(expected.length).to.equal(7);
    expect(peer.received.map((l) => JSON.parse(l) as unknown)).to.deep.equal(expected);
    expect(controller.dialogs).to.deep.equal([]);
    await press('Escape');
    expect(peer.received.length).to.equal(7);
  });
});
