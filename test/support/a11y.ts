import { a11ySnapshot } from '@web/test-runner-commands';

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

/** The first node of the page's accessibility tree that matches. */
export async function findNode(match: (node: A11yNode) => boolean): Promise<A11yNode | undefined> {
  const root = (await a11ySnapshot({})) as unknown as A11yNode;
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (match(node)) return node;
    stack.push(...(node.children ?? []));
  }
  return undefined;
}
