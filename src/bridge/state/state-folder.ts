/**
 * The bridge's state folder: what it keeps between runs for the person who runs it (the session
 * each agent was on, the offline demo's conversations). Its files are readable by that user only.
 * Node only.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * Where the bridge keeps its state: `RPC_UI_STATE`, else `$XDG_STATE_HOME/rpc-ui-kit`, else
 * `~/.local/state/rpc-ui-kit`.
 */
export function stateRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RPC_UI_STATE) return resolve(env.RPC_UI_STATE);
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'rpc-ui-kit');
}

/**
 * Write `text` to `file`, readable and writable by this user only, whole or not at all: a crash
 * halfway leaves the file as it was (a temporary file is renamed over it).
 */
export function writePrivate(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
}
