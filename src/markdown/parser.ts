/**
 * The Markdown parser of the kit's conversation: markdown-it (docs/markdown.md says why), set up
 * so that nothing it gives is HTML to insert or an address the page should not open. DOM-free.
 */
import markdownIt, { type MarkdownIt } from 'markdown-it';

/** The addresses a link may have; any other link stays text (docs/markdown.md, "Links"). */
const LINKABLE = /^(?:https?:\/\/|mailto:)/i;

/**
 * The parser the kit uses: CommonMark with GFM's tables and strikethrough, no raw HTML, and links
 * to `http:`, `https:` and `mailto:` only: a relative address would name a file of the page's
 * origin, and `javascript:` or `data:` run or show what the agent wrote.
 */
export function createMarkdownParser(): MarkdownIt {
  const md = markdownIt({ html: false, linkify: true });
  // `fuzzyLink` off: it would link `setup.py` and `main.rs` as addresses.
  md.linkify.set({ fuzzyLink: false });
  md.validateLink = (url) => LINKABLE.test(url.trim());
  return md;
}
