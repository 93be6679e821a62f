/**
 * The bridge's core: one agent process, any number of browser tabs. Every agent line goes to every
 * tab as it was written (but for lines of the bridge's own `rpc_ui_*` types: dropped); a tab's
 * answers, and its commands of the allowed types, go to the agent as one line each. A new tab
 * first gets the current state (see {@link UiTable}); the first answer to a dialog closes it in the
 * other tabs; the agent's stderr and its exit are told to everyone. Long because it is one
 * process's traffic both ways; what a late tab needs is in ui-table.ts, the agent's framing in
 * agent-wire.ts. Node only.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  type BridgeAgentExit,
  type BridgeDialogClosed,
  type BridgeHello,
  isBridgeType,
} from '../protocol/bridge.js';
import { REQUEST_TYPE, RESPONSE_TYPE } from '../protocol/types.js';
import { errorText } from '../shared/error-text.js';
import { isPlainObject } from '../transport/jsonl.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { OutboundMessage } from '../transport/transport.js';
import type { AgentIdentity } from '../protocol/agent.js';
import type { BridgeSessionsChanged } from '../protocol/sessions.js';
import type { AgentExit, AgentProcess } from './agent-process.js';
import { AgentWire } from './agent-wire.js';
import { AgentMessages, isMessagesRequest } from './conversation/messages-answer.js';
import { commandAllowList, refusedCommand } from './commands.js';
import { StderrRelay } from './stderr-relay.js';
import { SessionFollower } from './state/session-follower.js';
import { askOf, isSessionMessage, sessionFailed, sessionMessage } from './state/session-commands.js';
import { TabAnswers } from './tab-answers.js';
import { closeReason, type RawData, textOf } from './tab-frames.js';
import { UiTable } from './ui-table.js';
import { within } from '../shared/within.js';

/** WebSocket close code for a message that breaks the contract. */
const POLICY_VIOLATION = 1008;
/** A tab that has this much unsent data is too slow to follow the agent and is dropped. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** How long to wait for the last stdout and stderr lines once the process has exited. */
const DRAIN_MS = 1000;

/** Options of an {@link AgentHub}. */
export interface AgentHubOptions {
  /** The running agent. */
  readonly agent: AgentProcess;
  /** The agent command as shown to tabs in `rpc_ui_hello`. */
  readonly label: string;
  /** Where to report problems (refused messages, write failures). */
  readonly log?: (message: string) => void;
  /**
   * Start the same agent command again, when a tab asks for it after the agent ended
   * (`rpc_ui_restart_agent`). Without it, the bridge serves one process only.
   */
  readonly restart?: () => AgentProcess;
  /** Which agent it is, when the bridge started it by name (an oh-my-pi says so itself). */
  readonly identity?: AgentIdentity;
  /** The folder the agent works in, as the page is told it (`~/work/app`). */
  readonly folder?: string;
  /** Called with the number of connected tabs each time a tab comes or goes. */
  readonly onTabCount?: (count: number) => void;
  /** The command types a tab may send the agent (answers always go); default `commandAllowList()`. */
  readonly commands?: ReadonlySet<string>;
  /** Told the agent's session file as the agent says it (see SessionFollower); else not asked. */
  readonly onSessionFile?: (file: string) => void;
  /** The folder the agent works in, as a path: the sessions a tab may list are this folder's. */
  readonly cwd?: string;
}

/** Connects one agent process to the browser tabs. */
export class AgentHub {
  readonly #label: string;
  readonly #folder: string | undefined;
  readonly #log: (message: string) => void;
  readonly #restart: (() => AgentProcess) | undefined;
  readonly #identity: AgentIdentity | undefined;
  readonly #onTabCount: (count: number) => void;
  readonly #commands: ReadonlySet<string>;
  readonly #sessions: SessionFollower | undefined;
  readonly #cwd: string | undefined;
  readonly #tabs = new Set<WebSocket>();
  /** The bridge is shutting down: the agent's end is expected, and it is not started again. */
  #shuttingDown = false;
  // What follows belongs to one agent process, and starts anew with each.
  #agent: AgentProcess;
  /** The tabs' answers to this process's (or conversation's) dialogs. */
  #answers = new TabAnswers();
  #table = new UiTable();
  #wire: AgentWire;
  /** This process's conversation, as tabs are given it (`rpc_ui_get_messages`). */
  #messages: AgentMessages;
  /** The conversation's name for tabs (anew at each start and move): no earlier answer reaches it. */
  #session = randomUUID();
  /** This agent process's name for the tabs, anew at each start only. */
  #process = randomUUID();
  #exit: BridgeAgentExit | undefined;
  /** The process has exited (its last output may still be on its way). */
  #stopped = false;
  #spawnError: string | undefined;
  /** Its stderr, live to the tabs. */
  #stderr = this.#newStderrRelay();
  #ended: Promise<BridgeAgentExit>;

  constructor(options: AgentHubOptions) {
    this.#label = options.label;
    this.#folder = options.folder;
    this.#log = options.log ?? (() => undefined);
    this.#restart = options.restart;
    this.#identity = options.identity;
    this.#onTabCount = options.onTabCount ?? (() => undefined);
    this.#commands = options.commands ?? commandAllowList();
    this.#sessions = options.onSessionFile && new SessionFollower(options.onSessionFile, this.#log);
    this.#cwd = options.cwd;
    this.#agent = options.agent;
    this.#wire = this.#newWire(options.agent);
    this.#messages = new AgentMessages(this.#wire, this.#sessions !== undefined);
    this.#ended = this.#watch(options.agent);
    this.#sessions?.ask(this.#wire);
  }

  /** The agent process running now (or the last one, once it has ended). */
  get agent(): AgentProcess {
    return this.#agent;
  }

  /** End the agent for good (the bridge is closing): it is not started again afterwards. */
  stopAgent(): Promise<AgentExit> {
    this.#shuttingDown = true;
    return this.#agent.stop();
  }

  /** Resolves with the exit message once the current agent has ended and the tabs were told. */
  get ended(): Promise<BridgeAgentExit> {
    return this.#ended;
  }

  /** Follow `agent`'s lines, errors and end; resolves with the exit message once it has ended. */
  #watch(agent: AgentProcess): Promise<BridgeAgentExit> {
    const { child, transport } = agent;
    child.once('error', (error) => {
      this.#spawnError = `rpc-ui: could not start the agent (${this.#label}): ${error.message}`;
    });
    const stderr = child.stderr;
    const stderrClosed = new Promise<void>((resolve) => {
      if (!stderr || stderr.closed) resolve();
      else stderr.once('close', () => resolve());
    });
    agent.onStderr(this.#stderr.push);
    transport.on('message', (message) => {
      try {
        this.#fromAgent(message);
      } catch (error) {
        this.#log(`rpc-ui: dropped an agent line: ${errorText(error)}`);
      }
    });
    transport.on('error', (error) => {
      if (error.code === 'send-failed')
        this.#log(`rpc-ui: could not write to the agent: ${errorText(error.cause ?? error)}`);
      else this.#log(`rpc-ui: agent output: ${error.message}`);
    });
    return agent.exited.then(async (exit) => {
      // Nothing more goes to a process that has ended, while its last output is still read.
      this.#stopped = true;
      await within(Promise.all([transport.done, stderrClosed]), DRAIN_MS);
      return this.#agentEnded(exit.code, exit.signal);
    });
  }

  /**
   * A tab asks to start the agent again: only once it has ended (a running agent is never
   * replaced), and only with the command the bridge was started with. Every tab is greeted anew:
   * another process, another session, nothing of the last one's state.
   */
  #restartAgent(): void {
    if (!this.#restart)
      return this.#log('rpc-ui: a tab asked to start the agent again; this bridge does not.');
    if (this.#shuttingDown) return;
    if (this.#exit === undefined)
      return this.#log('rpc-ui: a tab asked to start the agent again while it runs; ignored.');
    this.#log('rpc-ui: starting the agent again, as a tab asked.');
    this.#answers = new TabAnswers();
    this.#table = new UiTable();
    this.#session = randomUUID();
    this.#process = randomUUID();
    this.#exit = undefined;
    this.#stopped = false;
    this.#spawnError = undefined;
    this.#stderr = this.#newStderrRelay();
    const agent = this.#restart();
    this.#agent = agent;
    this.#wire = this.#newWire(agent);
    this.#messages = new AgentMessages(this.#wire, this.#sessions !== undefined);
    this.#ended = this.#watch(agent);
    this.#sessions?.ask(this.#wire);
    this.#greetAll();
  }

  /** Greet every tab anew (another process, or another conversation), then give it what is open. */
  #greetAll(): void {
    const lines = [JSON.stringify(this.#hello()), ...this.#table.replay()];
    for (const tab of this.#tabs) for (const line of lines) this.#sendText(tab, line);
  }

  /** A tab's session message; after a move to another conversation every tab is greeted anew. */
  async #sessionMessage(tab: WebSocket, value: Record<string, unknown>): Promise<void> {
    const wire = this.#wire;
    const file = await this.#sessions?.fileNow();
    const context = { file, cwd: this.#cwd, identity: wire.identity, ask: askOf(wire) };
    // Whatever fails (a store that cannot be read), the tab gets an answer and the bridge runs on.
    const { answer, moved } = await sessionMessage(value, context).catch((error: unknown) => ({
      answer: sessionFailed(value, error),
      moved: false,
    }));
    this.#sendText(tab, JSON.stringify(answer));
    // A name given: the other tabs list again (a move greets them, which lists).
    if (!moved && answer.type === 'rpc_ui_session_done' && answer.ok)
      this.#toTabs(JSON.stringify({ type: 'rpc_ui_sessions_changed' } satisfies BridgeSessionsChanged));
    if (!moved || wire !== this.#wire) return;
    // Its transcript is read again (asked of the agent afresh), and the last conversation's
    // dialogs close; the session a restart goes back to is this one.
    this.#messages = new AgentMessages(wire, true);
    this.#sessions?.ask(wire);
    this.#session = randomUUID();
    this.#answers = new TabAnswers();
    this.#greetAll();
  }

  #newStderrRelay(): StderrRelay {
    return new StderrRelay((message) => this.#toTabs(JSON.stringify(message)));
  }

  #newWire(agent: AgentProcess): AgentWire {
    return new AgentWire(this.#identity, (message) => agent.transport.send(message), this.#log);
  }

  /** Which agent runs now, as far as it is known. */
  get identity(): AgentIdentity | undefined {
    return this.#wire.identity;
  }

  #hello(): BridgeHello {
    const identity = this.#wire.identity;
    return {
      type: 'rpc_ui_hello',
      agent: this.#label,
      ...(identity ? { identity } : {}),
      ...(this.#folder === undefined ? {} : { folder: this.#folder }),
      session: this.#session,
      process: this.#process,
      history: true,
      running: this.#exit === undefined,
      ...this.#table.live(),
    };
  }

  /** The number of connected tabs. */
  get tabCount(): number {
    return this.#tabs.size;
  }

  /** Welcome a tab: hello, the current state, then its messages flow both ways. */
  addTab(tab: WebSocket): void {
    this.#tabs.add(tab);
    this.#onTabCount(this.#tabs.size);
    tab.on('close', () => this.#dropTab(tab));
    tab.on('error', (error) => this.#log(`rpc-ui: a tab's connection failed: ${error.message}`));
    tab.on('message', (data: RawData) => this.#fromTab(tab, textOf(data)));
    this.#sendText(tab, JSON.stringify(this.#hello()));
    for (const line of this.#table.replay()) this.#sendText(tab, line);
    if (this.#exit) this.#sendText(tab, JSON.stringify(this.#exit));
    else {
      // What the agent said before this tab came (a warning as it started, say).
      const stderr = this.#stderr.recent();
      if (stderr) this.#sendText(tab, JSON.stringify(stderr));
    }
  }

  /** Close every tab's connection. */
  closeTabs(code: number, reason: string): void {
    for (const tab of this.#tabs) tab.close(code, reason);
    this.#tabs.clear();
    this.#onTabCount(0);
  }

  #dropTab(tab: WebSocket): void {
    if (this.#tabs.delete(tab)) this.#onTabCount(this.#tabs.size);
  }

  #fromAgent(line: InboundMessage): void {
    const message = this.#wire.read(line);
    if (!message) return;
    // Only the bridge speaks rpc_ui_*: an agent line that does must not pass for the bridge.
    const type = message.type;
    if (isBridgeType(type)) {
      this.#log(
        `rpc-ui: dropped an agent line of the bridge's own type ${JSON.stringify(type?.slice(0, 80))}.`,
      );
      return;
    }
    this.#table.observe(message, this.#wire.identity);
    this.#sessions?.observe(message, this.#wire);
    this.#messages.observe(message);
    if (type === REQUEST_TYPE && !message.parse().ok)
      this.#log(
        `rpc-ui: the agent wrote an extension UI request that is not valid JSON (no tab can answer it): ${message.text.slice(0, 200)}`,
      );
    this.#toTabs(message.text);
  }

  #toTabs(text: string): void {
    for (const tab of this.#tabs) this.#sendText(tab, text);
  }

  #fromTab(tab: WebSocket, text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.#refuse(tab, 'Each message must be one JSON object; this one is not JSON.');
      return;
    }
    if (!isPlainObject(value) || typeof value.type !== 'string') {
      this.#refuse(tab, 'Each message must be a JSON object with a string "type".');
      return;
    }
    if (value.type === 'rpc_ui_restart_agent') return this.#restartAgent();
    if (isSessionMessage(value.type)) return void this.#sessionMessage(tab, value);
    if (isMessagesRequest(value.type))
      return this.#messages.answer(value, (text) => this.#sendText(tab, text));
    // The bridge's own messages mean nothing to the agent; the agent has ended: drop.
    if (isBridgeType(value.type) || this.#stopped) return;
    const message = value as OutboundMessage;
    if (message.type === RESPONSE_TYPE) {
      if (typeof value.id !== 'string')
        return this.#refuse(tab, 'An extension_ui_response needs a string "id".');
      const verdict = this.#answers.judge(tab, { ...value, id: value.id }, this.#table);
      if (verdict.log) this.#log(verdict.log);
      if (verdict.toAgent) this.#toAgent(message);
      if (verdict.toTab) this.#sendText(tab, verdict.toTab);
      const toOthers = verdict.toOthers;
      if (toOthers) for (const other of this.#tabs) if (other !== tab) this.#sendText(other, toOthers);
      return;
    }
    if (!this.#commands.has(message.type)) {
      const refused = refusedCommand(message.type, value.id);
      this.#log(`rpc-ui: refused a tab's command: ${refused.error}`);
      this.#sendText(tab, JSON.stringify(refused));
      return;
    }
    this.#table.command(value);
    this.#toAgent(message);
  }

  #toAgent(message: OutboundMessage): void {
    try {
      this.#agent.transport.send(message);
    } catch (error) {
      this.#log(`rpc-ui: could not write to the agent: ${errorText(error)}`);
    }
  }

  #refuse(tab: WebSocket, reason: string): void {
    this.#log(`rpc-ui: a tab was disconnected: ${reason}`);
    this.#dropTab(tab);
    tab.close(POLICY_VIOLATION, closeReason(reason));
  }

  #sendText(tab: WebSocket, text: string): void {
    if (tab.readyState !== tab.OPEN) return;
    if (tab.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.#log('rpc-ui: a tab reads too slowly to follow the agent and was disconnected.');
      this.#dropTab(tab);
      tab.terminate();
      return;
    }
    tab.send(text);
  }

  #agentEnded(code: number | null, signal: string | null): BridgeAgentExit {
    const stderr = this.#agent.stderrTail();
    if (this.#spawnError) stderr.push(this.#spawnError);
    const exit: BridgeAgentExit = { type: 'rpc_ui_agent_exit', code, signal, stderr };
    this.#exit = exit;
    if (!this.#shuttingDown) {
      const how = signal ? `signal ${signal}` : `code ${String(code)}`;
      this.#log(`rpc-ui: the agent exited (${how})${this.#restart ? ': a tab can start it again' : ''}.`);
    }
    const lines = [JSON.stringify(exit)];
    for (const id of this.#table.pendingIds()) {
      const closed: BridgeDialogClosed = { type: 'rpc_ui_dialog_closed', id, reason: 'agent-exit' };
      lines.push(JSON.stringify(closed));
    }
    this.#table.clear();
    for (const tab of this.#tabs) for (const line of lines) this.#sendText(tab, line);
    return exit;
  }
}
