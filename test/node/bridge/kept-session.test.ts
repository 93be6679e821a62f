/**
 * The session a bridge goes back to: remembered in a file of the state folder that only its user
 * can read, opened again only while the agent's file is there, forgotten when a new one is asked.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeptSession, keptSessionRecord } from '../../../src/bridge/state/kept-session.js';
import { stateRoot } from '../../../src/bridge/state/state-folder.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpc-ui-kept-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (file: string) => ['--session', file];

describe('the kept session', () => {
  it('opens nothing at first, then the file the agent named once it is written, after a restart too', () => {
    const record = keptSessionRecord(dir, { agent: 'pi', setup: 'own', cwd: '/srv/app' });
    const kept = new KeptSession(record, open);
    expect(kept.args()).toEqual([]);
    const file = join(dir, 'session.jsonl');
    kept.remember(file);
    // Named before anything was said: the agent has not written it, so a start is a new session.
    expect(kept.args()).toEqual([]);
    writeFileSync(file, '{}\n');
    expect(kept.args()).toEqual(['--session', file]);
    // Another run of the bridge reads it back; only this user can read the record.
    expect(new KeptSession(record, open).args()).toEqual(['--session', file]);
    expect(statSync(record).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'sessions')).mode & 0o777).toBe(0o700);
    kept.forget();
    expect(kept.args()).toEqual([]);
  });

  it('keeps the agents, setups and folders apart', () => {
    const a = keptSessionRecord(dir, { agent: 'pi', setup: 'own', cwd: '/srv/app' });
    expect(keptSessionRecord(dir, { agent: 'omp', setup: 'own', cwd: '/srv/app' })).not.toBe(a);
    expect(keptSessionRecord(dir, { agent: 'pi', setup: 'demo', cwd: '/srv/app' })).not.toBe(a);
    expect(keptSessionRecord(dir, { agent: 'pi', setup: 'own', cwd: '/srv/other' })).not.toBe(a);
    expect(keptSessionRecord(dir, { agent: 'pi', setup: 'own', cwd: '/srv/app/' })).toBe(a);
  });

  it('starts a new session from a record it cannot read', () => {
    const record = keptSessionRecord(dir, { agent: 'pi', setup: 'own', cwd: dir });
    const file = join(dir, 'session.jsonl');
    writeFileSync(file, '{}\n');
    for (const text of ['not json', '[]', '{"sessionFile":3}', '{"sessionFile":""}']) {
      new KeptSession(record, open).remember(file);
      writeFileSync(record, text);
      expect(new KeptSession(record, open).args(), text).toEqual([]);
    }
    // What it writes is whole: the record names the file.
    new KeptSession(record, open).remember(file);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual({ sessionFile: file });
  });
});

describe('the state folder', () => {
  it('is RPC_UI_STATE, else under XDG_STATE_HOME, else under ~/.local/state', () => {
    expect(stateRoot({ RPC_UI_STATE: 'kept' })).toBe(join(process.cwd(), 'kept'));
    expect(stateRoot({ XDG_STATE_HOME: '/x/state' })).toBe('/x/state/rpc-ui-kit');
    expect(stateRoot({})).toMatch(/\/\.local\/state\/rpc-ui-kit$/);
  });
});
