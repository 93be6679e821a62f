/**
 * docs/reference/ is what `npm run reference` writes from the sources' custom elements manifest:
 * a page per element that says every attribute, property, event, slot, part and custom property
 * the element has, and nothing it does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DIR, referencePages } from '../../../scripts/reference.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let pages: Map<string, string>;

beforeAll(async () => {
  pages = await referencePages(root);
}, 60_000);

describe('the element reference in docs/reference/', () => {
  it('has a page for every element, and no other', () => {
    const committed = readdirSync(`${root}${REFERENCE_DIR}`).map((file) => `${REFERENCE_DIR}/${file}`);
    expect(committed.sort()).toEqual([...pages.keys()].sort());
    expect(pages.keys()).toContain(`${REFERENCE_DIR}/rpc-extension-ui.md`);
  });

  it('is what the sources say (run `npm run reference` after changing their JSDoc)', () => {
    for (const [path, text] of pages) expect(readFileSync(`${root}${path}`, 'utf8'), path).toBe(text);
  });

  it("lists the host's attributes, properties, events and parts with their descriptions", () => {
    const host = pages.get(`${REFERENCE_DIR}/rpc-extension-ui.md`) ?? '';
    expect(host).toMatch(/\| `editor-target` +\| `editorTarget` +\| .*set_editor_text/);
    expect(host).toMatch(/\| `controller` \(read-only\) +\| `ExtensionUIController` +\|/);
    expect(host).toMatch(/\| `rpc-connection` +\| `RpcConnectionEvent` +\| the connection state changed/);
    expect(host).toMatch(/\| `connection-indicator` +\| the pill's coloured dot/);
    expect(host).toMatch(/\| `--rpc-extension-ui-gap` +\| space between the rows/);
    expect(host).toMatch(/\| `stop\(options\?\)` +\| Stop what the agent is doing/);
  });
});
