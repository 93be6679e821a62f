/** The folder the agent works in, as the page is told it. */
import { describe, expect, it } from 'vitest';
import { folderName } from '../../../src/bridge/folder-name.js';

describe('folderName', () => {
  it('names a folder under the home from ~, and any other as it is', () => {
    expect(folderName('/users/alice/work/app', '/users/alice')).toBe('~/work/app');
    expect(folderName('/users/alice', '/users/alice')).toBe('~');
    expect(folderName('/users/alice/', '/users/alice')).toBe('~');
    expect(folderName('/srv/app', '/users/alice')).toBe('/srv/app');
    // A sibling whose name begins as the home's is not under it.
    expect(folderName('/users/alice2/app', '/users/alice')).toBe('/users/alice2/app');
  });
});
