/** The command line of `rpc-ui`: parsing and the usage text. Node only. */
import { parseArgs } from 'node:util';
import { AGENT_NAMES, type AgentName, isAgentName } from './agents/catalog.js';
import { DEFAULT_PORT } from './server.js';

/** The usage text of `rpc-ui`. */
export const USAGE = `Usage: rpc-ui serve [options] [-- AGENT COMMAND...]
       rpc-ui install [${AGENT_NAMES.join('|')}|all]...

serve: runs an agent in RPC mode, serves the playground at http://HOST:PORT/ and bridges the
agent's stdin/stdout to the page over a WebSocket at /rpc.

Without an agent command, runs an agent the bridge knows by name (--agent, default pi: the
current pi 1.x), offline, with the demo extension (try /demo in the page). It is installed from
the npm registry into a cache the first time, with a Node that fits it.

install: installs agents into that cache now (atomic is built from its source, named by
RPC_UI_ATOMIC_SOURCE). The cache is RPC_UI_CACHE, else $XDG_CACHE_HOME/rpc-ui-kit, else
~/.cache/rpc-ui-kit.

Options:
  --agent NAME          ${AGENT_NAMES.join(', ')} (default pi)
  --port N              port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host ADDR           address to listen on (default 127.0.0.1; anything else requires a token)
  --token T             secret the page must give to connect (generated when not on loopback)
  --allow-origin URL    also accept WebSockets from this origin (repeatable)
  --no-open             do not open the browser (also when CI is set)
  -h, --help            show this text

Example:
  rpc-ui serve --port 0 -- pi --mode rpc --no-session`;

/** What `rpc-ui serve` was asked to do. */
export interface ServeArgs {
  readonly host: string;
  readonly port: number;
  readonly token: string | undefined;
  readonly allowOrigins: readonly string[];
  readonly open: boolean;
  /** The agent command and its arguments; empty for an agent by name. */
  readonly agent: readonly string[];
  /** The agent by name, when no command is given. */
  readonly agentName: AgentName;
}

/** The outcome of parsing the command line. */
export type CliParse =
  | { readonly kind: 'serve'; readonly args: ServeArgs }
  | { readonly kind: 'install'; readonly agents: readonly AgentName[] }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

function parsePort(text: string | undefined): number | undefined {
  if (text === undefined) return DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}

/** `scheme://host[:port]` of a URL as browsers send it in `Origin`, or `undefined` for a non-URL. */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    // `URL#origin` is "null" for schemes such as vscode-webview:, whose Origin header is still this.
    return url.host === '' ? undefined : `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

/**
 * `--port -1`: a value that starts with a dash and a digit is a (bad) number, not an option, and
 * gets the option's own message instead of parseArgs' "ambiguous".
 */
function joinNegativeValues(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    if (arg.startsWith('--') && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/** `rpc-ui install NAME...`: the agents named, `all` for every one (none names the default, pi). */
function installArgs(names: readonly string[]): CliParse {
  const agents: AgentName[] = [];
  for (const name of names.length ? names : ['pi']) {
    if (name === 'all') agents.push(...AGENT_NAMES);
    else if (isAgentName(name)) agents.push(name);
    else
      return {
        kind: 'error',
        message: `rpc-ui install takes ${AGENT_NAMES.join(', ')} or all, not "${name}".`,
      };
  }
  return { kind: 'install', agents: [...new Set(agents)] };
}

/**
 * Parse `rpc-ui` arguments (without `node` and the script). Everything after the first `--` is the
 * agent command, kept as it is.
 */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliParse {
  const split = argv.indexOf('--');
  const own = split < 0 ? [...argv] : argv.slice(0, split);
  const agent = split < 0 ? [] : argv.slice(split + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(own),
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        token: { type: 'string' },
        agent: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'no-open': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (positionals.length === 0) return { kind: 'help' };
  if (positionals[0] === 'install') return installArgs(positionals.slice(1));
  if (positionals[0] !== 'serve' || positionals.length > 1) {
    return {
      kind: 'error',
      message: `Unknown command "${positionals.join(' ')}"; the commands are "serve" and "install".`,
    };
  }
  const agentName = values.agent ?? 'pi';
  if (!isAgentName(agentName))
    return { kind: 'error', message: `--agent takes ${AGENT_NAMES.join(', ')}, not "${agentName}".` };
  if (values.agent !== undefined && agent.length > 0)
    return { kind: 'error', message: 'Give either --agent or an agent command after "--", not both.' };
  const port = parsePort(values.port);
  if (port === undefined)
    return { kind: 'error', message: `--port must be 0 to 65535, not "${values.port}".` };
  if (split >= 0 && agent.length === 0) return { kind: 'error', message: 'No agent command after "--".' };
  if (values.token === '') return { kind: 'error', message: '--token must not be empty.' };
  const allowOrigins: string[] = [];
  for (const text of values['allow-origin'] ?? []) {
    const origin = originOf(text);
    if (origin === undefined)
      return {
        kind: 'error',
        message: `--allow-origin takes an origin like http://localhost:5173, not "${text}".`,
      };
    allowOrigins.push(origin);
  }
  return {
    kind: 'serve',
    args: {
      host: values.host ?? '127.0.0.1',
      port,
      token: values.token,
      allowOrigins,
      open: !values['no-open'] && !env.CI,
      agent,
      agentName,
    },
  };
}
