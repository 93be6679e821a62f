/// <reference types="vite/client" />
// A live protocol log: a real transcript replayed through the memory transport into the controller.
import transcript from '../../test/fixtures/pi-0.73.1/main.jsonl?raw';
import type { DialogAnswer } from '../protocol/types.js';
import { ExtensionUIController } from '../transport/controller.js';
import { createMemoryTransport } from '../transport/memory.js';

interface Record {
  t_ms: number;
  dir: 'from_agent' | 'to_agent';
  raw: string;
}

const records = transcript
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record);
const log = document.querySelector<HTMLOListElement>('#log');
const state = document.querySelector<HTMLPreElement>('#state');
const button = document.querySelector<HTMLButtonElement>('#replay');

function append(dir: Record['dir'], text: string): void {
  const item = document.createElement('li');
  item.className = `${dir}${text.includes('extension_ui_') ? ' ui' : ''}`;
  item.textContent = `${dir === 'from_agent' ? '←' : '→'} ${text.trimEnd()}`;
  log?.append(item);
  item.scrollIntoView({ block: 'nearest' });
}

let timers: ReturnType<typeof setTimeout>[] = [];

function replay(): void {
  for (const timer of timers) clearTimeout(timer);
  if (log) log.textContent = '';
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  peer.on('line', (line) => append('to_agent', line));
  controller.on('change', () => {
    if (state) state.textContent = JSON.stringify(controller.snapshot(), null, 2);
  });
  controller.on('invalid', (report) => append('from_agent', `⚠ ${report.message}`));
  timers = records.map((record) =>
    setTimeout(() => {
      if (record.dir === 'from_agent') {
        append('from_agent', record.raw);
        peer.write(`${record.raw}\n`);
        return;
      }
      const message = JSON.parse(record.raw) as { type?: string; id?: string } & DialogAnswer;
      if (message.type === 'extension_ui_response' && message.id) {
        const { type, id, ...answer } = message;
        if (!controller.respond(id, answer))
          append('to_agent', `(not sent: no pending dialog ${id}) ${record.raw}`);
      } else {
        append('to_agent', record.raw);
      }
    }, record.t_ms),
  );
}

button?.addEventListener('click', replay);
replay();
