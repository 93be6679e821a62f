/**
 * The rpc-ui bridge server: runs one agent command, serves the built playground at `/` and
 * bridges the agent's JSONL stdio to browser tabs over a WebSocket at `/rpc`. Safe by default:
 * loopback only, a token always (a cookie once the page has given it), same-origin WebSockets
 * only, the commands a UI needs only, a strict CSP. The browser never chooses the command. Works
 * under any path a proxy gives it. Node only.
 */
import type { AgentIdentity } from '../protocol/agent.js';
import { randomUUID } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTlsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BridgeAgentExit } from '../protocol/bridge.js';
import { AgentProcess } from './agent-process.js';
import { hostPort, isLoopback } from './access.js';
import { commandAllowList } from './commands.js';
import { folderName } from './folder-name.js';
import { AgentHub } from './hub.js';
import { PageGate, type PageGateSettings, readPublicUrl } from './page-gate.js';
import type { KeptSession } from './state/kept-session.js';

/** The agent command the bridge runs. Fixed when the bridge starts; never from the browser. */
export interface BridgeAgentOptions {
  readonly command: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** How the agent is named to tabs in `rpc_ui_hello` (default: the command line). */
  readonly label?: string;
  /** Which agent it is, when known (the catalog's agents); an oh-my-pi says so itself. */
  readonly identity?: AgentIdentity;
  /**
   * The session the agent goes back to at each start (the bridge's, or the agent's after a crash
   * or the page's Restart), and remembers as the agent moves on. Without it each start is the
   * command as given.
   */
  readonly keptSession?: KeptSession;
}

/** Options of {@link startBridge}. */
export interface BridgeOptions {
  /** The address to listen on (default `127.0.0.1`). */
  readonly host?: string;
  /** The port (default 5178; `0` picks a free one). */
  readonly port?: number;
  /** The agent to run. */
  readonly agent: BridgeAgentOptions;
  /**
   * The secret every WebSocket must give: as `?token=`, as an `Authorization: Bearer` header, or
   * as the cookie a page load with `?token=` leaves. Generated at each start when not given (see
   * {@link Bridge.token}). `false` turns it off, on loopback only: any process or user of the
   * machine can then drive the agent.
   */
  readonly token?: string | false;
  /**
   * The command types a tab may send besides the default ones (`--allow-command`): by default a
   * tab may chat, steer, stop, read the state and the messages, choose a model and sign in.
   */
  readonly allowCommands?: readonly string[];
  /**
   * The address people open the page at, when a reverse proxy serves it
   * (`https://dev.example/sessions/alice/`): the URLs printed, an origin accepted, the cookie's
   * path. Its path is also taken off requests that arrive with it.
   */
  readonly publicUrl?: string;
  /**
   * Addresses of reverse proxies whose `Forwarded`, `X-Forwarded-Proto` and `X-Forwarded-Host`
   * headers say the page's origin. Those headers are ignored from anyone else.
   */
  readonly trustedProxies?: readonly string[];
  /** Serve https and wss with this certificate and key (PEM), without a proxy. */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer };
  /** The built playground served at `/`. A page saying how to build it is served when missing. */
  readonly staticDir?: string;
  /**
   * Origins allowed to open the WebSocket (default: the bridge's own, see `ownOrigins`; beyond
   * loopback also an `http:` origin naming the host the request was sent to, the token guarding).
   */
  readonly allowedOrigins?: readonly string[];
  /** Origins allowed besides `allowedOrigins` (for example a dev server's, or a webview's). */
  readonly extraOrigins?: readonly string[];
  /**
   * Largest message a tab may send, and longest line the agent may write, in bytes (default
   * 256 MiB: an editor's text can be long). A tab over it is closed with 1009 (message too big);
   * an agent line over it is skipped and logged.
   */
  readonly maxPayload?: number;
  /** Where to report refused connections and other problems (default: nowhere). */
  readonly log?: (message: string) => void;
  /**
   * Close the bridge (and end the agent) once no tab has been connected for this many
   * milliseconds, counted from the start too. For a host that may come back, such as an IDE
   * window that reloads: it finds the agent still there. Default: never.
   */
  readonly closeWhenUnusedMs?: number;
}

/** A running bridge. */
export interface Bridge {
  /** The page's URL, with `?token=` when a token is required: the way in, to print once. */
  readonly url: string;
  /**
   * The URLs the page can be opened at: `url`, or for every address (`0.0.0.0`, `::`), loopback
   * first and then each address of this machine's network interfaces.
   */
  readonly urls: readonly string[];
  /** The port listened on. */
  readonly port: number;
  /** The token tabs must give, if any. */
  readonly token: string | undefined;
  /** The agent process running now (a tab may start it again once it has ended). */
  readonly agent: AgentProcess;
  /** Resolves when the first agent process has ended and the tabs were told. */
  readonly agentExit: Promise<BridgeAgentExit>;
  /** End the agent (by closing its stdin), close every connection and the server. */
  close(): Promise<void>;
  /** Resolves once the bridge has closed, by {@link Bridge.close} or for want of tabs. */
  readonly closed: Promise<void>;
}

/** Default port of `rpc-ui serve`. */
export const DEFAULT_PORT = 5178;
/** Default largest message from a tab, and longest line from the agent. */
export const DEFAULT_MAX_PAYLOAD = 256 * 1024 * 1024;

function listen(server: Server | HttpsServer, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The hosts a page can reach the bridge at: `host`, or for a wildcard every address here. */
function reachableHosts(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [host];
  const addresses = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => host === '::' || entry.family === 'IPv4')
    .map((entry) => entry.address)
    // A link-local address needs its interface named in the URL: no use to a browser elsewhere.
    .filter((address) => !address.startsWith('fe80:'));
  const loopback = addresses.filter(isLoopback);
  return [...new Set([...(loopback.length > 0 ? loopback : ['127.0.0.1']), ...addresses])];
}

function staticRoot(dir: string | undefined): string | undefined {
  return dir !== undefined && existsSync(dir) ? realpathSync(dir) : undefined;
}

/** The options with their defaults, checked: what the parts of the bridge are started with. */
function settingsOf(
  options: BridgeOptions,
): PageGateSettings & { readonly host: string; readonly maxPayload: number } {
  const host = options.host ?? '127.0.0.1';
  if (options.token === false && !isLoopback(host))
    throw new TypeError(`A bridge on ${host} needs a token: only a loopback one may go without.`);
  return {
    host,
    token: options.token === false ? undefined : (options.token ?? randomUUID()),
    // Beyond loopback the page may be reached under any of the machine's names: the token guards it.
    sameHost: options.allowedOrigins === undefined && !isLoopback(host),
    tls: options.tls !== undefined,
    trustedProxies: options.trustedProxies ?? [],
    publicUrl: readPublicUrl(options.publicUrl),
    root: staticRoot(options.staticDir),
    log: options.log ?? (() => undefined),
    maxPayload: options.maxPayload ?? DEFAULT_MAX_PAYLOAD,
  };
}

/**
 * Close the bridge once no tab has been connected for `unusedMs` (counted from the start too);
 * never when it is `undefined`. Returns what to tell of the tab count, and how to stop counting.
 */
function closeWhenUnused(
  unusedMs: number | undefined,
  log: (message: string) => void,
  close: () => void,
): { readonly tabCount: (count: number) => void; readonly stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const tabCount = (count: number) => {
    stop();
    if (unusedMs === undefined || count > 0) return;
    timer = setTimeout(() => {
      log(`rpc-ui: no tab for ${Math.round(unusedMs / 1000)} s: closing.`);
      close();
    }, unusedMs);
  };
  return { tabCount, stop };
}

/** `folder` with its links resolved; as given when it is not there (the agent will not start). */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** Start the agent command (a tab may ask for it again once it has ended). */
function spawnAgentOf(spec: BridgeAgentOptions, maxLineBytes: number): AgentProcess {
  const { command, cwd, env, keptSession } = spec;
  const args = [...(spec.args ?? []), ...(keptSession?.args() ?? [])];
  return new AgentProcess({ command, args, cwd, env, maxLineBytes });
}

/** The page's address (with `?token=` when one is needed), and every address it can be opened at. */
function addresses(
  settings: ReturnType<typeof settingsOf>,
  port: number,
): { readonly url: string; readonly urls: readonly string[] } {
  const { host, token, publicUrl, tls } = settings;
  const scheme = tls ? 'https' : 'http';
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  if (publicUrl) return { url: `${publicUrl.href}${query}`, urls: [`${publicUrl.href}${query}`] };
  return {
    url: `${scheme}://${hostPort(host, port)}/${query}`,
    urls: reachableHosts(host).map((name) => `${scheme}://${hostPort(name, port)}/${query}`),
  };
}

/**
 * Start the bridge: listen, then spawn the agent. Rejects when the port cannot be used (nothing is
 * spawned then). A failure to start the agent itself is reported to tabs as `rpc_ui_agent_exit`.
 */
export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const settings = settingsOf(options);
  const { host, log, maxPayload } = settings;
  const gate = new PageGate(settings);
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  // None until the agent is spawned, right after `listen` and before any upgrade can arrive.
  let hub: AgentHub | undefined = undefined;
  const server = options.tls ? createTlsServer(options.tls, gate.onRequest) : createServer(gate.onRequest);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    gate.upgrade(req, socket, () => {
      const taking = hub;
      if (!taking) return false;
      wss.handleUpgrade(req, socket, head, (tab) => taking.addTab(tab));
      return true;
    }),
  );
  const port = await listen(server, host, options.port ?? DEFAULT_PORT);
  gate.listening({ host, port, allowedOrigins: options.allowedOrigins, extraOrigins: options.extraOrigins });
  server.on('error', (error) => log(`rpc-ui: the HTTP server failed: ${error.message}`));

  const spec = options.agent;
  const spawnAgent = () => spawnAgentOf(spec, maxPayload);
  let agent: AgentProcess;
  try {
    agent = spawnAgent();
  } catch (error) {
    server.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  let markClosed = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const unused = closeWhenUnused(options.closeWhenUnusedMs, log, () => void close());
  const kept = spec.keptSession;
  const agentHub = new AgentHub({
    agent,
    label: spec.label ?? [spec.command, ...(spec.args ?? [])].join(' '),
    log,
    restart: spawnAgent,
    identity: spec.identity,
    folder: folderName(spec.cwd ?? process.cwd()),
    // As the agent's own getcwd() names it in its session files: links resolved.
    cwd: realFolder(spec.cwd ?? process.cwd()),
    onTabCount: (count) => {
      if (!closing) unused.tabCount(count);
    },
    commands: commandAllowList(options.allowCommands),
    ...(kept ? { onSessionFile: (file: string) => kept.remember(file) } : {}),
  });
  hub = agentHub;

  const close = (): Promise<void> => {
    closing ??= (async () => {
      unused.stop();
      await agentHub.stopAgent();
      // Give the tabs the exit message before their sockets close.
      await agentHub.ended;
      agentHub.closeTabs(1001, 'The bridge is shutting down.');
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      markClosed();
    })();
    return closing;
  };
  unused.tabCount(0);

  return {
    ...addresses(settings, port),
    port,
    token: settings.token,
    get agent() {
      return agentHub.agent;
    },
    agentExit: agentHub.ended,
    close,
    closed,
  };
}
