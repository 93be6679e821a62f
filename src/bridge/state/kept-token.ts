/**
 * The token a bridge keeps between runs, in the state folder: a page that has it as a cookie
 * gets back in after a restart, and the address printed once stays valid. A new one only when
 * asked (`--new-token`). Node only.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivate } from './state-folder.js';

/** The token's file in `stateDir`. */
export function tokenFile(stateDir: string): string {
  return join(stateDir, 'token');
}

/** A token as the bridge writes them (a UUID): anything else in the file is not taken. */
const KEPT = /^[0-9a-f-]{36}$/;

/**
 * The token kept in `stateDir`, made (and kept) when there is none or `renew` asks for a new one.
 * A file others could read is made this user's alone again, and `log` says so.
 */
export function keptToken(stateDir: string, renew: boolean, log: (message: string) => void): string {
  const file = tokenFile(stateDir);
  if (!renew) {
    let text: string | undefined;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch {
      text = undefined; // none yet
    }
    if (text !== undefined && KEPT.test(text)) {
      if ((statSync(file).mode & 0o077) !== 0) {
        chmodSync(file, 0o600);
        log(`rpc-ui: ${file} could be read by others; it is yours alone now (consider --new-token).`);
      }
      return text;
    }
  }
  const token = randomUUID();
  writePrivate(file, `${token}\n`);
  return token;
}
