/** The folder the agent works in, as the page is told it. */
import { describe, expect, it } from 'vitest';
import { folderName } from '../../../src/bridge/folder-name.js';

describe('folderName', () => {
  it('names a folder under the home from ~, and any other as it is', () => {
    expect(folderName('/home/alice/work/app', '/home/alice')).toBe('~/work/app');
    expect(folderName('/home/alice', '/home/alice')).toBe('~');
    expect(folderName('/home/alice/', '/home/alice')).toBe('~');
    expect(folderName('/srv/app', '/home/alice')).toBe('/srv/app');
    // A sibling whose name begins as the home's is not under it.
    expect(folderName('/home/alice2/app', '/home/alice')).toBe('/home/alice2/app');
  });
});
