/** What runs on this machine, from /proc (Linux): to check a test left no process behind. */
import { readdirSync, readFileSync } from 'node:fs';

/** The processes whose command line holds `text`, each as "pid: command line". */
export function processesNaming(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (line.includes(text)) found.push(`${pid}: ${line}`);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}
