/**
 * A page that loads the built package (dist/, through the `rpc-ui-kit` alias of the test's build)
 * under `default-src 'none'` with nonce-only scripts and styles, and lets the test replay a real
 * transcript into the drop-in host through a memory transport.
 */
import 'rpc-ui-kit/define.js';
import { createMemoryTransport, type RpcExtensionUI } from 'rpc-ui-kit';

const { transport, peer } = createMemoryTransport();
const host = document.querySelector<RpcExtensionUI>('rpc-extension-ui');
if (!host) throw new Error('no <rpc-extension-ui>');
host.transport = transport;

const written: string[] = [];
peer.on('line', (line) => written.push(line.trimEnd()));

/** What the test drives. */
const page = {
  /** One agent line (without its `\n`). */
  write: (raw: string) => peer.write(`${raw}\n`),
  /** The lines the kit wrote back to the agent. */
  written: () => [...written],
  /** The dialog on screen: its request id, method and options. */
  current: () => {
    const request = host.controller.current?.request;
    return (
      request && {
        id: request.id,
        method: request.method,
        options: 'options' in request ? request.options : [],
      }
    );
  },
  /** The control: whether the page may compile code from a string (it must not). */
  evalAllowed: () => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the control that proves eval is blocked
      return typeof new Function('return 1') === 'function';
    } catch {
      return false;
    }
  },
};
Object.assign(window, { cspPage: page });
