/**
 * What a tool call is, read from its name and arguments the way each agent writes them (docs/
 * agents.md, "Tool calls"): the kind of tool, what it acts on (a command, a path, a pattern), and
 * how a shell call ended. Aliases are one kind: oh-my-pi's `search` and atomic's are `grep`,
 * `find` and `glob` list files, `apply_patch` is an edit. DOM-free; no sentence for people.
 */

/** The kinds of tool a card is drawn for; any other tool is `other`. */
export type ToolKind = 'shell' | 'read' | 'write' | 'edit' | 'search' | 'list' | 'other';

const KINDS: Readonly<Record<string, ToolKind>> = {
  bash: 'shell',
  powershell: 'shell',
  read: 'read',
  write: 'write',
  edit: 'edit',
  apply_patch: 'edit',
  ast_edit: 'edit',
  grep: 'search',
  search: 'search',
  ast_grep: 'search',
  find: 'list',
  glob: 'list',
  ls: 'list',
};

/** The kind of the tool `name`. */
export function toolKind(name: string): ToolKind {
  return Object.hasOwn(KINDS, name) ? (KINDS[name] ?? 'other') : 'other';
}

/** A tool call's arguments as an object (they come as the model wrote them: JSON text). */
export function toolArgs(args: string): Readonly<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(args);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** `[src/a.ts#K3]`: the file a hashline edit (oh-my-pi, atomic: `{input}`) starts with. */
const HASHLINE_FILE = /^\[([^\]#\n]+)(?:#[^\]\n]*)?\]/m;
/** `*** Update File: src/a.ts`: the file an apply_patch edit names first. */
const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/m;

/**
 * What the call acts on, as its header shows it: a shell call's command, the path of a read, a
 * write or an edit, a search's pattern, what a listing lists. Undefined when the arguments do
 * not say (the card shows them whole).
 */
export function toolSubject(kind: ToolKind, args: Readonly<Record<string, unknown>>): string | undefined {
  switch (kind) {
    case 'shell':
      return text(args.command);
    case 'read':
    case 'write':
      return text(args.path) ?? text(args.file_path);
    case 'edit': {
      const input = text(args.input) ?? '';
      return (
        text(args.path) ??
        text(args.file_path) ??
        HASHLINE_FILE.exec(input)?.[1] ??
        PATCH_FILE.exec(input)?.[1]
      );
    }
    case 'search':
      return text(args.pattern) ?? text(args.pat);
    case 'list': {
      const paths = Array.isArray(args.paths) ? args.paths.filter((path) => typeof path === 'string') : [];
      return text(args.pattern) ?? (paths.length ? paths.join(' ') : undefined) ?? text(args.path);
    }
    default:
      return undefined;
  }
}

/** `Command exited with code 2` at the end of a shell call's output (every agent writes it). */
const EXITED = /Command exited with code (-?\d+)\s*(?:\n\n\[[^\n]*\]\s*)?$/;

/**
 * How a shell call ended: its exit code from `details.exitCode` (oh-my-pi, atomic), else from the
 * words every agent ends a failed command's output with; 0 for a call that ended well.
 */
export function exitCode(result: string | undefined, details: unknown, isError: boolean): number | undefined {
  const given =
    details && typeof details === 'object' ? (details as { exitCode?: unknown }).exitCode : undefined;
  if (typeof given === 'number') return given;
  const said = result === undefined ? undefined : EXITED.exec(result)?.[1];
  if (said !== undefined) return Number(said);
  return isError ? undefined : 0;
}

/** How a tool call stands, as its card says at a glance. */
export type ToolState = 'running' | 'done' | 'failed' | 'blocked';

/**
 * A call refused before it ran: every agent sends it as a failure whose text is the refusal
 * (`Tool execution was blocked`, a permission gate's `Blocked by user`, oh-my-pi's `Tool "bash" is
 * blocked by user policy.` and how to allow it). Its first line names a block, and it has no exit
 * code: a command whose output says "blocked" ends with the agent's `Command exited with code N`.
 */
const BLOCKED = /^[^\n]*\bblocked\b/i;

/** How the call `entry` stands: running until it ends, then done, failed or blocked. */
export function toolState(entry: {
  readonly running: boolean;
  readonly isError: boolean;
  readonly result?: string;
  readonly details?: unknown;
}): ToolState {
  if (entry.running) return 'running';
  if (!entry.isError) return 'done';
  const result = entry.result?.trim() ?? '';
  const refused = BLOCKED.test(result) && exitCode(result, entry.details, true) === undefined;
  return refused ? 'blocked' : 'failed';
}

/** The lines a read asked for, when it says so in its arguments (pi: `offset`, `limit`). */
export function readRange(
  args: Readonly<Record<string, unknown>>,
): { readonly from: number; readonly to?: number } | undefined {
  const offset = typeof args.offset === 'number' && args.offset >= 1 ? Math.floor(args.offset) : undefined;
  const limit = typeof args.limit === 'number' && args.limit >= 1 ? Math.floor(args.limit) : undefined;
  if (offset === undefined && limit === undefined) return undefined;
  const from = offset ?? 1;
  return limit === undefined ? { from } : { from, to: from + limit - 1 };
}
