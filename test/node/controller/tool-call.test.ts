/** Tool calls read by kind, subject and exit, as each agent's tools write them. */
import { describe, expect, it } from 'vitest';
import {
  exitCode,
  readRange,
  toolArgs,
  toolKind,
  toolState,
  toolSubject,
} from '../../../src/controller/transcript/tool-call.js';

const subject = (name: string, args: unknown) => toolSubject(toolKind(name), toolArgs(JSON.stringify(args)));

describe('tool calls', () => {
  it('knows each agent’s tools by kind, aliases included', () => {
    expect(
      [
        'bash',
        'powershell',
        'read',
        'write',
        'edit',
        'apply_patch',
        'grep',
        'search',
        'find',
        'glob',
        'ls',
      ].map(toolKind),
    ).toEqual([
      'shell',
      'shell',
      'read',
      'write',
      'edit',
      'edit',
      'search',
      'search',
      'list',
      'list',
      'list',
    ]);
    expect(toolKind('web_search')).toBe('other');
    expect(toolKind('constructor')).toBe('other');
  });

  it('says what a call acts on, however the agent names it', () => {
    expect(subject('bash', { command: 'ls -la', timeout: 10 })).toBe('ls -la');
    expect(subject('read', { path: 'src/a.ts', offset: 10, limit: 20 })).toBe('src/a.ts');
    expect(subject('read', { path: 'src/a.ts:50-200' })).toBe('src/a.ts:50-200');
    expect(subject('edit', { path: 'a.ts', edits: [{ oldText: 'a', newText: 'b' }] })).toBe('a.ts');
    // oh-my-pi's and atomic's hashline edits, and apply_patch, name the file in their input.
    expect(subject('edit', { input: '[src/b.ts#K3]\nreplace 3..4:\n+x' })).toBe('src/b.ts');
    expect(subject('apply_patch', { input: '*** Begin Patch\n*** Update File: src/c.ts\n@@\n-a\n+b' })).toBe(
      'src/c.ts',
    );
    expect(subject('grep', { pattern: 'TODO', path: 'src' })).toBe('TODO');
    expect(subject('find', { paths: ['src/**/*.ts', 'test'] })).toBe('src/**/*.ts test');
    expect(subject('ls', { path: 'src' })).toBe('src');
    expect(subject('web_search', { query: 'lit' })).toBeUndefined();
    expect(toolArgs('{"command": "ls"')).toEqual({});
    expect(toolArgs('[1]')).toEqual({});
  });

  it('reads how a shell call ended', () => {
    expect(exitCode('a\n', undefined, false)).toBe(0);
    expect(exitCode('boom\n\nCommand exited with code 2', {}, true)).toBe(2);
    // oh-my-pi: its wall time first, and a notice after.
    expect(
      exitCode(
        'x\n\nWall time: 0.12 seconds\n\nCommand exited with code 1\n\n[Showing lines 1-2 of 2]',
        {},
        true,
      ),
    ).toBe(1);
    // atomic: the code in its details, whatever isError says.
    expect(exitCode('out', { exitCode: 3 }, false)).toBe(3);
    expect(exitCode('Tool execution was blocked', {}, true)).toBeUndefined();
  });

  it('tells a blocked call from a failed one by what every agent sends for it', () => {
    const ended = (result: string, details: unknown = {}) => ({
      running: false,
      isError: true,
      result,
      details,
    });
    expect(toolState({ running: true, isError: false })).toBe('running');
    expect(toolState({ running: false, isError: false, result: 'ok' })).toBe('done');
    // The agents' own words when a hook gives no reason, and the reasons of pi's permission gate.
    expect(toolState(ended('Tool execution was blocked'))).toBe('blocked');
    expect(toolState(ended('Tool execution was blocked by an extension'))).toBe('blocked');
    expect(toolState(ended('Blocked by user'))).toBe('blocked');
    expect(toolState(ended('Dangerous command blocked (no UI for confirmation)'))).toBe('blocked');
    // oh-my-pi's approval policy says how to allow it on a second line.
    expect(
      toolState(
        ended(
          'Tool "bash" is blocked by user policy.\nTo allow: remove "tools.approval.bash: deny" from config.',
        ),
      ),
    ).toBe('blocked');
    // A command whose output says "blocked" failed: the agent wrote how it exited.
    expect(toolState(ended('port blocked\n\nCommand exited with code 1'))).toBe('failed');
    expect(toolState(ended('blocked', { exitCode: 1 }))).toBe('failed');
    expect(toolState(ended('npm ERR! install\nthe registry blocked the request'))).toBe('failed');
    expect(toolState(ended('Could not find edits[0] in a.ts.'))).toBe('failed');
    expect(toolState(ended('Operation aborted'))).toBe('failed');
  });

  it('reads the lines a read asked for', () => {
    expect(readRange({ path: 'a.ts' })).toBeUndefined();
    expect(readRange({ path: 'a.ts', offset: 10, limit: 50 })).toEqual({ from: 10, to: 59 });
    expect(readRange({ path: 'a.ts', offset: 200 })).toEqual({ from: 200 });
    expect(readRange({ path: 'a.ts', limit: 20 })).toEqual({ from: 1, to: 20 });
    expect(readRange({ path: 'a.ts', offset: '3' })).toBeUndefined();
  });
});
