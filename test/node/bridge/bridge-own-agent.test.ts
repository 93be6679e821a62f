/**
 * `rpc-ui serve` runs an agent by name as the person's own, in their project folder: the models,
 * settings and extensions of their home (here a home made for the test, never the real one), and
 * the extensions `--extension` adds; and `--demo --stand-in-model --extension` loads an example
 * extension as its comment says. On the real pi 1.6.0, its turns on the stand-in model.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_REASON } from '../../../examples/pi-extension/permission-gate.js';
import { piModelsJson } from '../../../src/bridge/stand-in-model/agent-config.js';
import {
  STAND_IN_MODEL,
  STAND_IN_PROVIDER,
  type StandInModel,
  startStandInModel,
} from '../../../src/bridge/stand-in-model/server.js';
import { Tab, until } from '../../support/bridge-tab.js';
import { killClis, runCli, servingUrl } from '../../support/rpc-ui-cli.js';

/** An extension with one command that says, as a notification, where it was loaded from. */
const extensionSaying = (command: string, text: string) => `export default function (pi) {
  pi.registerCommand(${JSON.stringify(command)}, {
    handler: async (_args, ctx) => ctx.ui.notify(${JSON.stringify(text)}, 'info'),
  });
}
`;

let scratch: string;
let model: StandInModel;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'rpc-ui-own-agent-'));
  model = await startStandInModel({ chunkDelayMs: 1 });
});
afterEach(killClis);
afterAll(async () => {
  await model?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Send a prompt as a page does. */
const prompt = (tab: Tab, message: string) => tab.send({ type: 'prompt', message });

/** What the bash tool gave back for the turn that ran `command`. */
async function toolOutput(tab: Tab, command: string): Promise<string> {
  const end = await tab.next(`the result of ${command}`, (v) => v.type === 'tool_execution_end');
  return JSON.stringify(end.value.result);
}

describe('rpc-ui serve --agent pi, as the person’s own', () => {
  it('works in the folder named, with the models, settings and extensions of their home, and keeps its session there', async () => {
    // The person's home, as pi reads it in a terminal: a provider, the default model, an extension.
    const home = join(scratch, 'home');
    const agentDir = join(home, '.pi', 'agent');
    mkdirSync(join(agentDir, 'extensions'), { recursive: true });
    writeFileSync(join(agentDir, 'models.json'), piModelsJson(model.baseUrl));
    writeFileSync(
      join(agentDir, 'settings.json'),
      JSON.stringify({ defaultProvider: STAND_IN_PROVIDER, defaultModel: STAND_IN_MODEL }),
    );
    writeFileSync(
      join(agentDir, 'extensions', 'from-home.ts'),
      extensionSaying('from-home', 'loaded from the home'),
    );
    const project = join(scratch, 'project');
    mkdirSync(project);
    const added = join(scratch, 'added.ts');
    writeFileSync(added, extensionSaying('from-flag', 'loaded by --extension'));

    const cli = runCli(
      ['serve', '--port', '0', '--no-open', '--cwd', project, '--extension', added],
      undefined,
      {
        HOME: home,
      },
    );
    const url = await servingUrl(cli, 60_000);
    expect(cli.stderr()).toContain(`rpc-ui: pi works in ${project}.`);
    const tab = await Tab.open(url);
    const hello = await tab.next('the hello', (v) => v.type === 'rpc_ui_hello');
    expect(hello.value.agent).toBe('pi 1.6.0');

    prompt(tab, '/from-home');
    expect((await tab.request('notify')).message).toBe('loaded from the home');
    prompt(tab, '/from-flag');
    await tab.next(
      'the added extension',
      (v) => v.method === 'notify' && v.message === 'loaded by --extension',
    );

    // The model of its settings answers, and the tool runs in the project folder.
    prompt(tab, 'run: pwd');
    expect(await toolOutput(tab, 'pwd')).toContain(project);
    expect(model.requests.length).toBeGreaterThan(0);
    // Its session is kept in its own store, as in a terminal (pi: sessions/ under its folder).
    const sessions = join(agentDir, 'sessions');
    await until('a session file', () =>
      existsSync(sessions) &&
      readdirSync(sessions, { recursive: true }).some((f) => String(f).endsWith('.jsonl'))
        ? true
        : undefined,
    );
    tab.close();
  }, 120_000);

  it('says so when the folder named is not there', async () => {
    const cli = runCli(['serve', '--port', '0', '--no-open', '--cwd', join(scratch, 'nowhere')]);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toContain(`rpc-ui: --cwd ${join(scratch, 'nowhere')}: there is no such folder.`);
  });
});

describe('rpc-ui serve --demo --stand-in-model --extension', () => {
  it('loads the permission gate beside the demo, as the example’s comment says, and the gate asks', async () => {
    const cli = runCli([
      'serve',
      '--demo',
      '--stand-in-model',
      '--port',
      '0',
      '--no-open',
      '--extension',
      'examples/pi-extension/permission-gate.ts',
    ]);
    const tab = await Tab.open(await servingUrl(cli, 60_000));
    // The demo extension is there.
    prompt(tab, '/demo-notify');
    await tab.request('notify');
    // The gate asks before a command that deletes; No blocks it, and the agent is told why.
    prompt(tab, 'run: rm -rf ./nothing-here');
    const asked = await tab.request('confirm');
    tab.send({ type: 'extension_ui_response', id: asked.id, confirmed: false });
    expect(await toolOutput(tab, 'rm')).toContain(BLOCKED_REASON);
    tab.close();
  }, 120_000);
});
