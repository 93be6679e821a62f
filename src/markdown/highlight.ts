/**
 * Code highlighting, loaded only when a reply shows code: highlight.js's grammars through lowlight,
 * which gives a tree of class names and text (never HTML). Each language's grammar is a module of
 * its own, loaded the first time a fence names it. A long block is cut into pieces at blank lines
 * so that no piece takes long to highlight (docs/markdown.md, "The highlighter"). DOM-free.
 */
import type { RootContent } from 'hast';
import type { LanguageFn } from 'highlight.js';
import { createLowlight } from 'lowlight';

/** One span of highlighted code: text, or classes (`hljs-keyword`…) over more of it. */
export type CodeSpan = string | { readonly classes: string; readonly children: readonly CodeSpan[] };

type Grammar = () => Promise<{ default: LanguageFn }>;

/** The grammars the kit loads, by highlight.js's name: what agents' replies show most. */
const GRAMMARS: Readonly<Record<string, Grammar>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

/** Names fences use for those grammars (lower case). */
const ALIASES: Readonly<Record<string, string>> = {
  sh: 'bash',
  zsh: 'bash',
  // A terminal session, prompts and output: highlight.js's `shell`.
  console: 'shell',
  'shell-session': 'shell',
  h: 'c',
  'c++': 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  patch: 'diff',
  docker: 'dockerfile',
  golang: 'go',
  toml: 'ini',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  json5: 'json',
  kt: 'kotlin',
  make: 'makefile',
  md: 'markdown',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  html: 'xml',
  svg: 'xml',
  yml: 'yaml',
};

/** Lines a piece of a long block holds at most before it is cut at its next blank line. */
export const PIECE_LINES = 200;

const lowlight = createLowlight();
const loading = new Map<string, Promise<boolean>>();

/** The grammar's name for a fence's language (`ts` → `typescript`), if the kit highlights it. */
export function grammarOf(language: string): string | undefined {
  const name = language.toLowerCase();
  const grammar = ALIASES[name] ?? name;
  return Object.hasOwn(GRAMMARS, grammar) ? grammar : undefined;
}

/** Load `grammar` once; false when it cannot be (the page is offline and it was not loaded yet). */
function load(grammar: string): Promise<boolean> {
  let loaded = loading.get(grammar);
  if (!loaded) {
    const importGrammar = GRAMMARS[grammar];
    loaded = (importGrammar ? importGrammar() : Promise.reject(new Error(grammar))).then(
      (module) => {
        lowlight.register(grammar, module.default);
        return true;
      },
      () => {
        loading.delete(grammar);
        return false;
      },
    );
    loading.set(grammar, loaded);
  }
  return loaded;
}

/**
 * `code` cut into pieces of about {@link PIECE_LINES} lines, each ending at a blank line where
 * there is one (a construct rarely spans a blank line), every piece but the last ending in `\n`.
 */
export function piecesOf(code: string): string[] {
  const lines = code.split('\n');
  const pieces: string[] = [];
  let from = 0;
  for (let at = 1; at < lines.length; at++) {
    const length = at - from;
    const afterBlank = lines[at - 1]?.trim() === '';
    // Cut after a blank line once long enough, and anywhere once twice as long.
    if (length >= 2 * PIECE_LINES || (length >= PIECE_LINES && afterBlank)) {
      pieces.push(`${lines.slice(from, at).join('\n')}\n`);
      from = at;
    }
  }
  pieces.push(lines.slice(from).join('\n'));
  return pieces;
}

function spansOf(nodes: readonly RootContent[]): CodeSpan[] {
  return nodes.map((node) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return '';
    const className = node.properties.className;
    const classes = Array.isArray(className) ? className.join(' ') : String(className ?? '');
    return { classes, children: spansOf(node.children) };
  });
}

/**
 * A highlighter for one block of `language`, or undefined when the kit has no grammar for it (the
 * block stays plain text) or it cannot be loaded.
 */
export async function highlighterFor(language: string): Promise<((piece: string) => CodeSpan[]) | undefined> {
  const grammar = grammarOf(language);
  if (!grammar || !(await load(grammar))) return undefined;
  return (piece) => spansOf(lowlight.highlight(grammar, piece).children);
}
