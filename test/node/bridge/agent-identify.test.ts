/**
 * The agent behind any command gets the name `--agent` gives it: each installed agent's own
 * command (runtime and script), its script run directly, and a bin of that name on PATH.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AgentName, agentCommand } from '../../../src/bridge/agents/catalog.js';
import { identifyCommand } from '../../../src/bridge/agents/identify.js';
import { atomicSource } from '../../support/agent.js';

const AGENTS: readonly AgentName[] = ['pi', 'pi-0.73', 'omp', 'atomic'];
const bins = mkdtempSync(join(tmpdir(), 'rpc-ui-bins-'));
afterAll(() => rmSync(bins, { recursive: true, force: true }));

describe.each(AGENTS)('the command of %s', (name) => {
  it('is named as --agent names it, run by its runtime or found as a bin on PATH', async () => {
    const env = { ...process.env, RPC_UI_ATOMIC_SOURCE: atomicSource() };
    const { command, args, identity, cleanup } = await agentCommand(name, { install: false, env });
    cleanup();
    expect(identity.version).toBeTruthy();
    expect(identifyCommand(command, args)).toEqual(identity);
    // `atomic --mode rpc`: a link on PATH, as npm links a package's bin.
    const script = args[0] ?? '';
    const bin = join(bins, `${name}-bin`);
    symlinkSync(script, bin);
    expect(identifyCommand(`${name}-bin`, ['--mode', 'rpc'], { env: { PATH: bins } })).toEqual(identity);
  });
});

describe('a command that is no agent the kit knows', () => {
  it('is not named: another program, a missing script, nothing on PATH', () => {
    expect(identifyCommand(process.execPath, ['-e', 'console.log(1)'])).toBeUndefined();
    expect(identifyCommand('node', ['does-not-exist.js'])).toBeUndefined();
    expect(identifyCommand('no-such-agent', [], { env: { PATH: bins } })).toBeUndefined();
    expect(identifyCommand('/bin/cat', [])).toBeUndefined();
  });
});
