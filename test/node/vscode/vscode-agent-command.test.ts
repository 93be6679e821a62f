/** examples/vscode's settings → the command line it spawns (the rest runs in e2e-vscode.test.ts). */
import { describe, expect, it } from 'vitest';
import { agentCommand } from '../../../examples/vscode/src/agent-command.js';

describe('the VS Code example’s agent setting', () => {
  it('runs a named agent by its command in RPC mode, with the extra arguments after', () => {
    expect(agentCommand({ name: 'pi', command: 'ignored', args: [] })).toEqual({
      command: 'pi',
      args: ['--mode', 'rpc'],
    });
    expect(agentCommand({ name: 'oh-my-pi', command: 'ignored', args: ['--no-lsp'] })).toEqual({
      command: 'omp',
      args: ['--mode', 'rpc', '--no-lsp'],
    });
    expect(agentCommand({ name: 'atomic', command: '', args: [] }).command).toBe('atomic');
  });

  it('runs "command" as written, and takes an unknown name for pi', () => {
    expect(agentCommand({ name: 'command', command: 'node', args: ['agent.mjs'] })).toEqual({
      command: 'node',
      args: ['agent.mjs'],
    });
    expect(agentCommand({ name: 'claude', command: '', args: [] }).command).toBe('pi');
  });
});
