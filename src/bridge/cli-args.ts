/** The command line of `rpc-ui`: parsing and the usage text. Node only. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AGENT_NAMES, type AgentName, isAgentName } from './agents/catalog.js';
import { isLoopback } from './access.js';
import { isAddress } from './public-origin.js';
import { DEFAULT_PORT } from './server.js';

/** The usage text of `rpc-ui`. */
export const USAGE = `Usage: rpc-ui serve [options] [-- AGENT COMMAND...]
       rpc-ui install [${AGENT_NAMES.join('|')}|all]...
       rpc-ui open [--no-open]

serve: runs an agent in RPC mode in a project folder, serves the playground at
http://HOST:PORT/ and bridges the agent's stdin/stdout to the page over a WebSocket at /rpc.

Without an agent command, runs an agent the bridge knows by name (--agent, default pi: the
current pi 1.x) as yours: your models, keys, settings, extensions and sessions, as it runs in a
terminal. With --demo, the offline demo instead: nothing of yours, the demo extension (try /demo
in the page), no model. The agent is installed from the npm registry into a cache the first
time, with a Node that fits it.

The agent keeps its session as in a terminal (the demo's, in the state folder): started again,
or after a crash and the page's Restart, it goes on with the session it was on in that folder.
The state folder is RPC_UI_STATE, else $XDG_STATE_HOME/rpc-ui-kit, else ~/.local/state/rpc-ui-kit.

open: prints the address (with its token) of each bridge of yours that runs, and opens it in
the browser when there is one: the way back in when the page has lost its cookie.

install: installs agents into that cache now (atomic is built from its source, named by
RPC_UI_ATOMIC_SOURCE). The cache is RPC_UI_CACHE, else $XDG_CACHE_HOME/rpc-ui-kit, else
~/.cache/rpc-ui-kit.

Options:
  --agent NAME          ${AGENT_NAMES.join(', ')} (default pi)
  --cwd DIR             the folder the agent works in (default: this one; with --demo, a
                        folder of the demo's own in the state folder)
  --demo                the offline demo: a throwaway home, the demo extension, no model
  --new-session         start a new session instead of going on with the last one
  --stand-in-model      the demo, its turns on a scripted model on this machine (no network,
                        no key): a prompt gets a streamed reply; "run: ls" calls the bash tool,
                        "show me markdown" shows what a reply draws, "edit a file" a write,
                        a read and an edit (docs/models.md lists more)
  --extension FILE      also load this extension into the agent by name (repeatable)
  --port N              port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host ADDR           address to listen on (default 127.0.0.1)
  --token T             the secret a page must give (default: one kept in the state folder,
                        made at the first start; also RPC_UI_TOKEN, which other users cannot
                        read in the process list)
  --new-token           make a new kept token: pages holding the old one are let in no more
  --token-file FILE     read the secret from FILE (for a service that restarts)
  --no-token            no secret, on loopback only: any process or user of this machine can
                        then drive the agent, and through it run commands
  --allow-origin URL    also accept WebSockets from this origin (repeatable)
  --allow-command TYPE  also pass this command type of a page's to the agent (repeatable;
                        by default a page may chat, steer, stop, read and sign in)
  --public-url URL      the address people open, behind a reverse proxy
                        (https://dev.example/sessions/alice/)
  --trust-proxy ADDR    read X-Forwarded-Proto, X-Forwarded-Host and Forwarded from this
                        proxy's address only (repeatable)
  --tls-cert FILE       serve https and wss with this certificate (PEM), with --tls-key
  --tls-key FILE        the certificate's private key (PEM)
  --no-open             do not open the browser (also when CI is set)
  -h, --help            show this text

Examples:
  rpc-ui serve --cwd ~/work/project
  rpc-ui serve --demo --extension ./my-extension.ts
  rpc-ui serve --port 0 -- pi --mode rpc --no-session`;

/** What `rpc-ui serve` was asked to do. */
export interface ServeArgs {
  readonly host: string;
  readonly port: number;
  /** `--token`, else `RPC_UI_TOKEN`; `false` for `--no-token`. */
  readonly token: string | false | undefined;
  readonly tokenFile: string | undefined;
  readonly allowOrigins: readonly string[];
  readonly allowCommands: readonly string[];
  readonly publicUrl: string | undefined;
  readonly trustProxies: readonly string[];
  /** The certificate and key files, both or neither. */
  readonly tls: { readonly cert: string; readonly key: string } | undefined;
  readonly open: boolean;
  /** The agent command and its arguments; empty for an agent by name. */
  readonly agent: readonly string[];
  /** The agent by name, when no command is given. */
  readonly agentName: AgentName;
  /** `--demo` (or `--stand-in-model`): the agent by name runs as the offline demo. */
  readonly demo: boolean;
  /** `--stand-in-model`: the demo's agent runs its turns on the stand-in model. */
  readonly standInModel: boolean;
  /** `--cwd`, made absolute: the folder the agent works in. */
  readonly cwd: string | undefined;
  /** `--extension`, each made absolute: extensions the agent by name loads besides. */
  readonly extensions: readonly string[];
  /** `--new-session`: the agent by name starts a new session, not the one it was on. */
  readonly newSession: boolean;
  /** `--new-token`: the kept token is made anew. */
  readonly newToken: boolean;
}

/** The outcome of parsing the command line. */
export type CliParse =
  | { readonly kind: 'serve'; readonly args: ServeArgs }
  | { readonly kind: 'install'; readonly agents: readonly AgentName[] }
  | { readonly kind: 'open'; readonly open: boolean }
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
 * Why options for an agent by name do not go with an agent command, saying what to do instead;
 * `undefined` when none was given.
 */
function commandOnlyMessage(
  values: {
    readonly demo?: boolean;
    readonly 'stand-in-model'?: boolean;
    readonly extension?: string[];
    readonly 'new-session'?: boolean;
  },
  agent: readonly string[],
): string | undefined {
  const command = agent.join(' ');
  if (values.extension?.length)
    return `--extension loads into an agent by name (--agent); add it to your command instead: rpc-ui serve -- ${command} ${values.extension.map((file) => `-e ${file}`).join(' ')}`;
  if (values['stand-in-model'])
    return `--stand-in-model runs the demo of an agent by name: rpc-ui serve --agent NAME --stand-in-model (your command uses the models you configured for it).`;
  if (values['new-session'])
    return "--new-session is for an agent by name; your command's own flags say which session it opens (leave out --continue or --session for a new one).";
  if (values.demo)
    return '--demo runs an agent by name offline (rpc-ui serve --agent NAME --demo); your command runs as you wrote it.';
  return undefined;
}

/** A token goes in a URL and a cookie as it is: no character either would need escaped. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]+$/;
/** A command type as the agents name theirs. */
const COMMAND_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

interface AccessValues {
  readonly token?: string;
  readonly 'new-token'?: boolean;
  readonly 'token-file'?: string;
  readonly 'no-token'?: boolean;
  readonly 'allow-command'?: string[];
  readonly 'public-url'?: string;
  readonly 'trust-proxy'?: string[];
  readonly 'tls-cert'?: string;
  readonly 'tls-key'?: string;
}

type AccessArgs = Pick<
  ServeArgs,
  'token' | 'tokenFile' | 'newToken' | 'allowCommands' | 'publicUrl' | 'trustProxies' | 'tls'
>;

/** Who may connect and what they may send, or why the options do not fit together. */
function accessArgs(values: AccessValues, host: string, env: NodeJS.ProcessEnv): AccessArgs | string {
  const given = values.token ?? env.RPC_UI_TOKEN;
  if (given !== undefined && !TOKEN_PATTERN.test(given))
    return '--token takes letters, digits and ._~+/=- only (and is not empty).';
  if (values['no-token'] && (given !== undefined || values['token-file'] !== undefined))
    return 'Give --no-token or a token, not both.';
  if (values.token !== undefined && values['token-file'] !== undefined)
    return 'Give --token or --token-file, not both.';
  if (
    values['new-token'] &&
    (given !== undefined || values['token-file'] !== undefined || values['no-token'])
  )
    return '--new-token makes a new kept token; it does not go with a token given (--token, --token-file, RPC_UI_TOKEN) or --no-token.';
  if (values['no-token'] && !isLoopback(host))
    return `--no-token is for loopback only; a bridge on ${host} needs its token.`;
  const allowCommands = values['allow-command'] ?? [];
  const badCommand = allowCommands.find((type) => !COMMAND_PATTERN.test(type));
  if (badCommand !== undefined) return `--allow-command takes a command type like bash, not "${badCommand}".`;
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:$/.test(URL.parse(publicUrl)?.protocol ?? ''))
    return `--public-url takes the page's http or https address, not "${publicUrl}".`;
  const trustProxies = values['trust-proxy'] ?? [];
  const badProxy = trustProxies.find((address) => !isAddress(address));
  if (badProxy !== undefined) return `--trust-proxy takes the proxy's IP address, not "${badProxy}".`;
  const cert = values['tls-cert'];
  const key = values['tls-key'];
  if ((cert === undefined) !== (key === undefined)) return 'Give --tls-cert and --tls-key together.';
  return {
    token: values['no-token'] ? false : given,
    tokenFile: values['token-file'],
    newToken: values['new-token'] ?? false,
    allowCommands,
    publicUrl,
    trustProxies,
    tls: cert !== undefined && key !== undefined ? { cert, key } : undefined,
  };
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
        'token-file': { type: 'string' },
        'no-token': { type: 'boolean' },
        'new-token': { type: 'boolean' },
        agent: { type: 'string' },
        'stand-in-model': { type: 'boolean' },
        demo: { type: 'boolean' },
        'new-session': { type: 'boolean' },
        cwd: { type: 'string' },
        extension: { type: 'string', multiple: true },
        'allow-origin': { type: 'string', multiple: true },
        'allow-command': { type: 'string', multiple: true },
        'public-url': { type: 'string' },
        'trust-proxy': { type: 'string', multiple: true },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
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
  if (positionals[0] === 'open' && positionals.length === 1)
    return { kind: 'open', open: !values['no-open'] && !env.CI };
  if (positionals[0] !== 'serve' || positionals.length > 1) {
    return {
      kind: 'error',
      message: `Unknown command "${positionals.join(' ')}"; the commands are "serve", "open" and "install".`,
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
  if (agent.length > 0) {
    const byName = commandOnlyMessage(values, agent);
    if (byName) return { kind: 'error', message: byName };
  }
  const host = values.host ?? '127.0.0.1';
  const access = accessArgs(values, host, env);
  if (typeof access === 'string') return { kind: 'error', message: access };
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
      host,
      port,
      ...access,
      allowOrigins,
      open: !values['no-open'] && !env.CI,
      agent,
      agentName,
      demo: (values.demo ?? false) || (values['stand-in-model'] ?? false),
      standInModel: values['stand-in-model'] ?? false,
      cwd: values.cwd === undefined ? undefined : resolve(values.cwd),
      extensions: (values.extension ?? []).map((file) => resolve(file)),
      newSession: values['new-session'] ?? false,
    },
  };
}
