/**
 * The agent session a bridge goes back to when its agent or the bridge itself starts again: the
 * session file the agent was last on, remembered in the state folder. The path stays in the
 * bridge; a page never sees it. Node only.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isPlainObject } from '../../transport/jsonl.js';
import { writePrivate } from './state-folder.js';

/** What one run of the bridge is, for the session it goes back to. */
export interface KeptSessionKey {
  /** The agent by name (`pi`, `omp`, …). */
  readonly agent: string;
  /** The person's own configuration or the offline demo: their sessions are apart. */
  readonly setup: string;
  /** The folder the agent works in. */
  readonly cwd: string;
}

/** The record's file in `stateDir` for `key`: one per agent, setup and folder. */
export function keptSessionRecord(stateDir: string, key: KeptSessionKey): string {
  const hash = createHash('sha256')
    .update(`${key.setup}\0${resolve(key.cwd)}`)
    .digest('hex')
    .slice(0, 16);
  return join(stateDir, 'sessions', `${key.agent}-${hash}.json`);
}

/** The session file last in use, as a record holds it; `undefined` for anything else. */
function readRecord(record: string): string | undefined {
  try {
    const value = JSON.parse(readFileSync(record, 'utf8')) as unknown;
    const file = isPlainObject(value) ? value.sessionFile : undefined;
    return typeof file === 'string' && file !== '' ? file : undefined;
  } catch {
    return undefined; // none yet, or unreadable: the agent starts a new session
  }
}

/** The session an agent goes back to, and how it is told to. */
export class KeptSession {
  readonly #record: string;
  readonly #open: (file: string) => readonly string[];
  #file: string | undefined;

  /**
   * @param record the file that remembers the session (see {@link keptSessionRecord})
   * @param open the agent's arguments that open a session file (`--session FILE`)
   */
  constructor(record: string, open: (file: string) => readonly string[]) {
    this.#record = record;
    this.#open = open;
    this.#file = readRecord(record);
  }

  /** The session file last in use, if any was named. */
  get file(): string | undefined {
    return this.#file;
  }

  /**
   * The arguments that open the session last in use, when its file is there; none otherwise (an
   * agent writes its session file only once something was said: there is nothing to go back to).
   */
  args(): readonly string[] {
    return this.#file !== undefined && existsSync(this.#file) ? this.#open(this.#file) : [];
  }

  /** Start a new session next time (`--new-session`); the agent's next file is remembered then. */
  forget(): void {
    this.#file = undefined;
  }

  /** The agent is on `file` now (its `get_state` says so): remembered for the next start. */
  remember(file: string): void {
    if (file === this.#file) return;
    this.#file = file;
    writePrivate(this.#record, `${JSON.stringify({ sessionFile: file })}\n`);
  }
}
