/**
 * The addresses the running bridges of this user printed (with their token), kept in the state
 * folder while each runs: `rpc-ui open` prints them again for a person whose cookie is gone and
 * whose terminal is not at hand. Node only.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../../transport/jsonl.js';
import { writePrivate } from './state-folder.js';

/** One running bridge's address. */
export interface ServedAddress {
  /** The page's address, with `?token=` when one is needed. */
  readonly url: string;
  /** The bridge's process. */
  readonly pid: number;
  /** The agent, as the page names it. */
  readonly agent: string;
  /** The folder it works in, as the page names it. */
  readonly folder: string;
  /** When it started (`Date.now()`). */
  readonly started: number;
}

const folderOf = (stateDir: string) => join(stateDir, 'serving');

/** Keep this bridge's address while it runs; returns the function that forgets it. */
export function keepAddress(stateDir: string, address: ServedAddress): () => void {
  const file = join(folderOf(stateDir), `${address.pid}.json`);
  writePrivate(file, `${JSON.stringify(address)}\n`);
  return () => rmSync(file, { force: true });
}

/** Whether process `pid` runs (a zombie waiting to be reaped does not: it has ended). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc here: kill(pid, 0) said enough
  }
}

function readAddress(file: string): ServedAddress | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!isPlainObject(value)) return undefined;
    const { url, pid, agent, folder, started } = value;
    if (typeof url !== 'string' || typeof pid !== 'number' || typeof started !== 'number') return undefined;
    const text = (field: unknown) => (typeof field === 'string' ? field : '');
    return { url, pid, agent: text(agent), folder: text(folder), started };
  } catch {
    return undefined;
  }
}

/**
 * The addresses of the bridges that run now, oldest first; those of bridges that ended without
 * forgetting theirs (a `kill -9`) are removed.
 */
export function servedAddresses(stateDir: string): ServedAddress[] {
  let names: string[];
  try {
    names = readdirSync(folderOf(stateDir)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const found: ServedAddress[] = [];
  for (const name of names) {
    const file = join(folderOf(stateDir), name);
    const address = readAddress(file);
    if (address && isRunning(address.pid)) found.push(address);
    else rmSync(file, { force: true });
  }
  return found.sort((a, b) => a.started - b.started);
}
