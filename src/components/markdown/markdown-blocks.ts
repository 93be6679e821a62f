/**
 * Markdown blocks (src/markdown/streamed-blocks.ts) as Lit templates: every piece of text goes
 * through a binding, never an HTML string. Headings are demoted under the conversation's own;
 * links open only when the person activates them, in a new browsing context without an opener,
 * their address shown on hover and focus; an image's address is never fetched by itself.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Token } from 'markdown-it';
import type { MarkdownBlock } from '../../markdown/streamed-blocks.js';
import { type CopyWords, copyButton } from './copy-button.js';
import { highlightedCode } from './highlighted-code.js';

/** What the rendering needs to know of the page around it. */
export interface MarkdownView {
  /** The heading level a `#` heading becomes (the conversation's own are above it): 3 gives h3. */
  readonly topHeading: 2 | 3 | 4 | 5 | 6;
  /** Said for an image, which is not fetched: `{alt}` is its text. */
  readonly imageLabel: (alt: string) => string;
  /** What a code block's copy button says. */
  readonly copy: CopyWords;
  /** The block is still being written (the last of a streaming reply): its code is not highlighted yet. */
  readonly open?: boolean;
}

/** A token and what it holds: the tokens between its opening and its closing one. */
interface Node {
  readonly token: Token;
  readonly children: Node[];
}

/** Flat tokens (nesting +1 opens, -1 closes) as a tree. */
function treeOf(tokens: readonly Token[]): Node[] {
  const root: Node[] = [];
  const open: Node[][] = [root];
  for (const token of tokens) {
    if (token.nesting === -1) {
      if (open.length > 1) open.pop();
      continue;
    }
    const node: Node = { token, children: [] };
    open.at(-1)?.push(node);
    if (token.nesting === 1) open.push(node.children);
  }
  return root;
}

/** One block, as a template. */
export function renderBlock(block: MarkdownBlock, view: MarkdownView): TemplateResult {
  return html`${treeOf(block.tokens).map((node) => renderNode(node, view))}`;
}

function renderNodes(nodes: readonly Node[], view: MarkdownView): TemplateResult[] {
  return nodes.map((node) => renderNode(node, view));
}

function renderNode(node: Node, view: MarkdownView): TemplateResult {
  const { token, children } = node;
  const inner = () => renderNodes(children, view);
  switch (token.type) {
    case 'paragraph_open':
      // A tight list's paragraphs are hidden: their text stands in the item itself.
      return token.hidden ? html`${inner()}` : html`<p>${inner()}</p>`;
    case 'heading_open':
      return heading(Number(token.tag.slice(1)), inner(), view);
    case 'bullet_list_open':
      return html`<ul>${inner()}</ul>`;
    case 'ordered_list_open':
      return html`<ol start=${token.attrGet('start') ?? nothing}>${inner()}</ol>`;
    case 'list_item_open':
      return listItem(children, view);
    case 'blockquote_open':
      return html`<blockquote>${inner()}</blockquote>`;
    case 'table_open':
      return html`<div class="table"><table>${inner()}</table></div>`;
    case 'thead_open':
      return html`<thead>${inner()}</thead>`;
    case 'tbody_open':
      return html`<tbody>${inner()}</tbody>`;
    case 'tr_open':
      return html`<tr>${inner()}</tr>`;
    case 'th_open':
      return html`<th scope="col" class=${alignment(token)}>${inner()}</th>`;
    case 'td_open':
      return html`<td class=${alignment(token)}>${inner()}</td>`;
    case 'fence':
    case 'code_block':
      return codeBlock(token, view);
    case 'hr':
      return html`<hr />`;
    case 'inline':
      return html`${renderInline(token.children ?? [], view)}`;
    default:
      // Anything else markdown-it may give (none with raw HTML off) is its text.
      return html`${token.content}${inner()}`;
  }
}

/**
 * Code as written, in monospace, its columns kept: the language its fence names (as text) and a
 * button that copies it above it.
 */
function codeBlock(token: Token, view: MarkdownView): TemplateResult {
  const language = token.type === 'fence' ? (token.info.trim().split(/\s/)[0] ?? '') : '';
  return codeBlockOf(token.content, language, view);
}

/**
 * `code` as a code block: in monospace, `language` named (as text) above it with a button that
 * copies it, highlighted once `view` is not `open`. Inside an element with the `markdown` class.
 */
export function codeBlockOf(
  code: string,
  language: string,
  view: Pick<MarkdownView, 'copy' | 'open'>,
): TemplateResult {
  return html`<div class="code-block" part="code">
    <div class="code-head">
      ${language ? html`<span class="language">${language}</span>` : nothing}${copyButton(code, view.copy)}
    </div>
    <pre class="code" data-language=${language || nothing}><code>${highlightedCode(code, language, !view.open)}</code></pre>
  </div>`;
}

/** `# …` is `topHeading`, `## …` the one under it, and so on; below h6, h6. */
function heading(level: number, content: unknown, view: MarkdownView): TemplateResult {
  // Its size follows its Markdown level (`#`, `##`), whatever the element the page's outline needs.
  const size = `level-${level}`;
  switch (Math.min(6, view.topHeading + level - 1)) {
    case 2:
      return html`<h2 class=${size}>${content}</h2>`;
    case 3:
      return html`<h3 class=${size}>${content}</h3>`;
    case 4:
      return html`<h4 class=${size}>${content}</h4>`;
    case 5:
      return html`<h5 class=${size}>${content}</h5>`;
    default:
      return html`<h6 class=${size}>${content}</h6>`;
  }
}

/**
 * A list item; `[ ]` or `[x]` at its start makes it a task, with a box that says its state and is
 * named by the task's first paragraph (its label), not by what is nested under it.
 */
function listItem(children: readonly Node[], view: MarkdownView): TemplateResult {
  const task = taskOf(children);
  if (!task) return html`<li>${renderNodes(children, view)}</li>`;
  const [first, ...rest] = task.rest;
  return html`<li class="task">
    <label><input type="checkbox" disabled .checked=${task.done} />${first ? renderNode(first, view) : nothing}</label>${renderNodes(rest, view)}
  </li>`;
}

/** The task a list item's first text starts with, and the item without its marker. */
function taskOf(children: readonly Node[]): { done: boolean; rest: Node[] } | undefined {
  const [first, ...others] = children;
  const inline = first?.token.type === 'paragraph_open' ? first.children[0]?.token : undefined;
  const text = inline?.children?.[0];
  const marker = text?.type === 'text' ? /^\[([ xX])\] /.exec(text.content) : null;
  if (!first || !inline || !text || !marker) return undefined;
  // Copies: the tokens of a kept block are drawn again as they are.
  const withoutMarker = copyOf(text, { content: text.content.slice(marker[0].length) });
  const inlineWithout = copyOf(inline, { children: [withoutMarker, ...(inline.children?.slice(1) ?? [])] });
  const paragraph: Node = { token: first.token, children: [{ token: inlineWithout, children: [] }] };
  return { done: marker[1] !== ' ', rest: [paragraph, ...others] };
}

/** `token` with `change` made, the original left as it is. */
function copyOf(token: Token, change: Partial<Pick<Token, 'content' | 'children'>>): Token {
  return Object.assign(Object.create(Object.getPrototypeOf(token) as object) as Token, token, change);
}

/** A cell's alignment as a class: an inline style would need the page's CSP to allow it. */
function alignment(token: Token): string | typeof nothing {
  const style = String(token.attrGet('style') ?? '');
  const align = /text-align:\s*(left|center|right)/.exec(style)?.[1];
  return align ? `align-${align}` : nothing;
}

/** Inline tokens (a flat run with opening and closing ones), as templates. */
function renderInline(tokens: readonly Token[], view: MarkdownView): TemplateResult[] {
  return treeOf(tokens).map((node) => renderInlineNode(node, view));
}

function renderInlineNode(node: Node, view: MarkdownView): TemplateResult {
  const { token, children } = node;
  const inner = () => children.map((child) => renderInlineNode(child, view));
  switch (token.type) {
    case 'softbreak':
      return html`\n`;
    case 'hardbreak':
      return html`<br />`;
    case 'code_inline':
      return html`<code>${token.content}</code>`;
    case 'em_open':
      return html`<em>${inner()}</em>`;
    case 'strong_open':
      return html`<strong>${inner()}</strong>`;
    case 's_open':
      return html`<s>${inner()}</s>`;
    case 'link_open': {
      const href = String(token.attrGet('href') ?? '');
      return html`<a href=${href} target="_blank" rel="noopener noreferrer" data-href=${href}
        title=${token.attrGet('title') ?? href}>${inner()}</a>`;
    }
    case 'image': {
      // Not fetched: its text, and its address as text (a link the person may follow is text too).
      const alt = token.children?.map((child) => child.content).join('') ?? token.content;
      // Text, not an image role: a screen reader says the address a sighted reader sees.
      return html`<span class="image">${view.imageLabel(alt)} <span class="address">${token.attrGet('src') ?? ''}</span></span>`;
    }
    default:
      return html`${token.content}${inner()}`;
  }
}

/** Tokens drawn as an element of their own besides those that open one. */
const ELEMENT_TOKENS = new Set(['code_inline', 'image', 'hardbreak', 'fence', 'code_block', 'hr']);
const elementCounts = new WeakMap<MarkdownBlock, number>();

/**
 * About how many elements `block` is drawn with (its code's highlighting aside), counted once: a
 * kept block is the same object at every token.
 */
export function elementsOf(block: MarkdownBlock): number {
  let count = elementCounts.get(block);
  if (count === undefined) {
    const tally = (tokens: readonly Token[]): number =>
      tokens.reduce(
        (sum, token) =>
          sum + (token.nesting === 1 || ELEMENT_TOKENS.has(token.type) ? 1 : 0) + tally(token.children ?? []),
        0,
      );
    count = tally(block.tokens);
    elementCounts.set(block, count);
  }
  return count;
}

/** A block as its text alone, its marks dropped: what a reply shows past its element budget. */
export function renderBlockText(block: MarkdownBlock): TemplateResult {
  const text = (tokens: readonly Token[]): string =>
    tokens
      .map((token) =>
        token.type === 'softbreak' || token.type === 'hardbreak'
          ? '\n'
          : token.children
            ? text(token.children)
            : token.type === 'image' || token.nesting !== 0
              ? ''
              : token.content,
      )
      .join('');
  const lines = block.tokens.filter((token) => token.nesting === 0).map((token) => text([token]));
  return html`<p class="plain">${lines.join('\n')}</p>`;
}
