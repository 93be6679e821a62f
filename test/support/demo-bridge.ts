/**
 * For an end-to-end test file: the offline demo of the real pi 1.x on the stand-in model, behind a
 * real bridge that serves the built playground and keeps the agent's session as `rpc-ui serve`
 * does, in a state folder of the file's own. Started before its tests, all gone after. Node only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { agentCommand } from '../../src/bridge/agents/catalog.js';
import { type Bridge, startBridge } from '../../src/bridge/server.js';
import { type StandInModel, startStandInModel } from '../../src/bridge/stand-in-model/server.js';
import { KeptSession, keptSessionRecord } from '../../src/bridge/state/kept-session.js';
import { freePort } from './free-port.mjs';

/** The bridge and the stand-in model of {@link demoPiBridge}, once its `beforeAll` ran. */
export interface DemoPiBridge {
  readonly bridge: Bridge;
  readonly model: StandInModel;
}

/** The demo pi on the stand-in model behind a bridge serving the playground built in `site.dir`. */
export function demoPiBridge(site: { readonly dir: string }): DemoPiBridge {
  let model: StandInModel | undefined;
  let bridge: Bridge | undefined;
  let state: string | undefined;
  let cleanup: (() => void) | undefined;
  beforeAll(async () => {
    model = await startStandInModel({ chunkDelayMs: 1 });
    state = mkdtempSync(join(tmpdir(), 'rpc-ui-e2e-demo-'));
    const command = await agentCommand('pi', {
      install: false,
      standInModel: model.baseUrl,
      demoFolder: join(state, 'demo', 'pi'),
    });
    cleanup = command.cleanup;
    const record = keptSessionRecord(state, { agent: 'pi', setup: 'demo', cwd: command.cwd });
    const keptSession = new KeptSession(record, command.openSession);
    bridge = await startBridge({
      port: await freePort(),
      agent: { ...command, keptSession, label: 'pi' },
      staticDir: site.dir,
    });
  }, 120_000);
  afterAll(async () => {
    await bridge?.close();
    cleanup?.();
    await model?.close();
    if (state) rmSync(state, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The demo bridge starts in beforeAll.');
    return value;
  };
  return {
    get bridge() {
      return started(bridge);
    },
    get model() {
      return started(model);
    },
  };
}
