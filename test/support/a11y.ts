import { executeServerCommand } from '@web/test-runner-commands';
import { engine } from './engine.js';

/** A node of the page's accessibility tree, as test/support/wtr-a11y-tree-plugin.mjs returns it. */
export interface A11yNode {
  role?: string;
  name?: string;
  description?: string;
  value?: string;
  focused?: boolean;
  selected?: boolean;
  atomic?: boolean;
  children?: A11yNode[];
}

/**
 * Text as a screen reader speaks it, the same in every engine: Chromium keeps the bidi isolates
 * and line breaks of a name that Firefox drops and WebKit keeps.
 */
const spoken = (text: string | undefined) =>
  text
    ?.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function normalised(node: A11yNode): A11yNode {
  return {
    ...node,
    name: spoken(node.name),
    description: spoken(node.description),
    children: node.children?.map(normalised),
  };
}

const tree = async (all: boolean) =>
  normalised(await executeServerCommand<A11yNode, { all: boolean }>('a11y-tree', { all }));

/**
 * The page's accessibility tree, as the engine gives it to assistive technology. Firefox and
 * WebKit update theirs a moment after the page changes: it is read until two reads agree.
 */
async function settledTree(all: boolean): Promise<A11yNode> {
  let last = await tree(all);
  if (engine === 'chromium') return last;
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    const next = await tree(all);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
}

/**
 * The node that has focus for assistive technology. In a list box or combobox with
 * `aria-activedescendant`, Chromium says the focused element; Firefox and WebKit, as their
 * platform layers (ATK, AT-SPI) do, its active descendant.
 */
export async function focusedNode(): Promise<A11yNode | undefined> {
  // The deepest: WebKit says its document is focused too.
  let found: A11yNode | undefined;
  const visit = (node: A11yNode) => {
    if (node.focused) found = node;
    node.children?.forEach(visit);
  };
  visit(await settledTree(true));
  return found;
}

function first(root: A11yNode, match: (node: A11yNode) => boolean): A11yNode | undefined {
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (match(node)) return node;
    stack.push(...(node.children ?? []));
  }
  return undefined;
}

/**
 * The first node of the page's accessibility tree that matches: in Chromium of the nodes Puppeteer
 * finds interesting, or with `{ all: true }` of every node (the options of a list box among them);
 * in Firefox and WebKit of every node. While none matches, the tree is read again for `within`
 * ms: by default none in Chromium, whose tree is up to date, and 3 s in Firefox and WebKit (a
 * page's first tree there can take that long).
 */
export async function findNode(
  match: (node: A11yNode) => boolean,
  { all = false, within = engine === 'chromium' ? 0 : 3000 } = {},
): Promise<A11yNode | undefined> {
  const end = performance.now() + within;
  let found = first(await settledTree(all), match);
  while (!found && performance.now() < end) found = first(await settledTree(all), match);
  return found;
}

/**
 * Start the engine's accessibility for this test file's page, as a screen reader running before
 * the page opened does: for a mocha `before` hook, which may take long (`this.timeout`). Firefox
 * builds a page's first tree in its parent process a while after it is asked for, later still on
 * a busy machine, and a dialog opened meanwhile went unseen for seconds; once the tree is there,
 * it follows the page's changes as they come.
 */
export async function startAccessibility(this: Mocha.Context): Promise<void> {
  this.timeout(60_000);
  await settledTree(true);
}

/**
 * The node with this role that a screen reader would name `name`: waited for (up to 5 s, within
 * a test's 10), as a person waits to hear it. When none is named so by then, the first node with
 * the role, whose name the test then shows.
 */
export async function findNamed(role: string, name: string): Promise<A11yNode | undefined> {
  const named = await findNode((n) => n.role === role && n.name === name, { within: 5000 });
  return named ?? (await findNode((n) => n.role === role));
}

/**
 * Focus the first node with this role and name as a screen reader does in its browse mode when
 * its cursor lands on it (Firefox's `takeFocus`, AT-SPI's grabFocus in WebKit; Chromium's
 * DevTools have no such route). Fails when no such node is found within 3 s.
 */
export async function takeFocusAsScreenReader(role: string, name: string): Promise<void> {
  // Firefox and WebKit build their tree a moment after the page: looked for again for up to 3 s.
  const end = performance.now() + 3000;
  const take = () =>
    executeServerCommand<boolean, { role: string; name: string }>('a11y-take-focus', { role, name });
  let found = await take();
  while (!found && performance.now() < end) found = await take();
  if (!found) throw new Error(`No ${role} named "${name}" to focus.`);
}
