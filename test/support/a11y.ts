import { a11ySnapshot, executeServerCommand } from '@web/test-runner-commands';

/** A node of Chromium's accessibility tree, as the a11y-snapshot command returns it. */
export interface A11yNode {
  role?: string;
  name?: string;
  description?: string;
  value?: string;
  focused?: boolean;
  selected?: boolean;
  children?: A11yNode[];
}

/**
 * The first node of the page's accessibility tree that matches: of the nodes Puppeteer finds
 * interesting, or with `{ all: true }` of every node (the options of a list box among them).
 */
export async function findNode(
  match: (node: A11yNode) => boolean,
  { all = false } = {},
): Promise<A11yNode | undefined> {
  const tree = all ? executeServerCommand<A11yNode, undefined>('a11y-tree') : a11ySnapshot({});
  const root = (await tree) as A11yNode;
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (match(node)) return node;
    stack.push(...(node.children ?? []));
  }
  return undefined;
}
