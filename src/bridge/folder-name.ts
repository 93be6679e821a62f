/** How the bridge names the folder its agent works in to the page. Node only. */
import { homedir } from 'node:os';
import { relative, sep } from 'node:path';

/**
 * `folder` as a person reads it: under `home`, as `~/…` (the page need not learn the user's name
 * from it, and a long home path says nothing); elsewhere, as it is.
 */
export function folderName(folder: string, home: string = homedir()): string {
  const inside = relative(home, folder);
  if (inside === '') return '~';
  if (inside.startsWith('..') || inside.startsWith(sep) || /^[A-Za-z]:/.test(inside)) return folder;
  return `~${sep}${inside}`;
}
