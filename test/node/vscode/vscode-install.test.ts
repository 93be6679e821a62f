/**
 * The VS Code installer's word to a machine that cannot compile code-server (the install itself
 * runs in `npm test`'s install step and in e2e-vscode.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { BuildToolsMissingError, missingBuildTools } from '../../support/vscode/install.js';

describe('the code-server install', () => {
  it('names the Debian packages of the build tools a machine lacks, and the command that adds them', () => {
    const missing = missingBuildTools((command) => command !== 'krb5-config' && command !== 'g++');
    expect(missing).toEqual(['libkrb5-dev', 'g++']);
    expect(new BuildToolsMissingError(missing).message).toContain('apt-get install -y libkrb5-dev g++');
    expect(missingBuildTools(() => true)).toEqual([]);
  });
});
