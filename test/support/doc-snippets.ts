/**
 * The documentation's TypeScript snippets, and a compiler that checks them as a reader's own
 * modules: the project's tsconfig.json (strict), `rpc-ui-kit` and its subpaths resolved to the
 * sources of the entries package.json exports.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One fenced ```ts (or ```typescript) block: where it is and what it says. */
export interface Snippet {
  readonly file: string;
  /** The line of the snippet's first line of code, 1-based. */
  readonly line: number;
  readonly code: string;
}

const rootDir = fileURLToPath(new URL('../../', import.meta.url));

/** The fenced TypeScript blocks of a markdown file (fences may be indented, as in a list). */
export function docSnippets(file: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*(ts|typescript)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = ''] = open;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !(lines[end] ?? '').trim().startsWith(fence)) end++;
    const code = lines
      .slice(start, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    snippets.push({ file, line: start + 1, code: `${code.join('\n')}\n` });
    i = end;
  }
  return snippets;
}

/** `rpc-ui-kit/…` → the source file of that entry, from package.json's `exports` types. */
function packagePaths(): Record<string, string[]> {
  const pkg = JSON.parse(readFileSync(`${rootDir}package.json`, 'utf8')) as {
    readonly exports: Record<string, string | { readonly types?: string }>;
  };
  const paths: Record<string, string[]> = {};
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const types = typeof target === 'string' ? undefined : target.types;
    if (!types) continue;
    const source = types.replace(/^\.\/dist\//, './src/').replace(/\.d\.ts$/, '.ts');
    paths[subpath === '.' ? 'rpc-ui-kit' : `rpc-ui-kit/${subpath.slice(2)}`] = [source];
  }
  return paths;
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(`${rootDir}tsconfig.json`, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, rootDir);
  return {
    ...parsed.options,
    noEmit: true,
    moduleDetection: ts.ModuleDetectionKind.Force,
    baseUrl: rootDir,
    paths: packagePaths(),
  };
}

/**
 * Where a snippet is compiled: a reader's module sits at the root (it imports `rpc-ui-kit`); a
 * snippet of the kit's own source whose first line names its file (`// src/components/…/x.ts`)
 * sits in that file's folder, so that its relative imports resolve as in the file.
 */
function snippetFolder(snippet: Snippet): string {
  const named = /^\/\/ (src\/[\w/.-]+\/)[\w.-]+\.ts\s*\n/.exec(snippet.code);
  return named?.[1] ?? '';
}

/** Parsed files, kept across compilations (the DOM lib, Lit and the sources parse once). */
const parsedFiles = new Map<string, ts.SourceFile>();

/**
 * Type-check each snippet as a module of its own. Returns one line per error, as
 * `file:line: message` (the line in the markdown file); none when every snippet compiles.
 */
export function compileSnippets(snippets: readonly Snippet[]): string[] {
  const options = compilerOptions();
  const virtual = new Map(snippets.map((s, i) => [`${rootDir}${snippetFolder(s)}doc-snippet-${i}.ts`, s]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name)?.code ?? readFile.call(host, name);
  host.getSourceFile = (name, language, onError) => {
    const snippet = virtual.get(name);
    if (snippet) return ts.createSourceFile(name, snippet.code, language, true);
    const cached = parsedFiles.get(name);
    if (cached) return cached;
    const parsed = getSourceFile.call(host, name, language, onError);
    if (parsed) parsedFiles.set(name, parsed);
    return parsed;
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  const errors = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map(
    (d) => `tsconfig: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  );
  for (const [name, snippet] of virtual) {
    const sourceFile = program.getSourceFile(name);
    if (!sourceFile) continue;
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ];
    for (const d of diagnostics) {
      const line = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0).line;
      errors.push(
        `${snippet.file}:${snippet.line + line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      );
    }
  }
  return errors;
}
