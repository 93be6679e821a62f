import {
  type ForkPoint,
  readForkPoints,
  readSessionAnswer,
  type SessionSummary,
} from '../protocol/sessions.js';
import { Emitter } from '../shared/emitter.js';
import { isRecord } from '../shared/is-record.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { OutboundMessage } from '../transport/transport.js';
import type { ExtensionUIController } from './controller.js';

/** What a person asks of the sessions: open one, start one, name the current one, fork it. */
export type SessionCommand = 'open' | 'new' | 'name' | 'fork';

/** How the last session command went. */
export interface SessionOutcome {
  readonly command: SessionCommand;
  readonly ok: boolean;
  /** Why not, in the bridge's or the agent's words, when not `ok`. */
  readonly error?: string;
  /** It could not be sent: the page is not connected. */
  readonly unsent?: boolean;
  /** It was sent, and the connection dropped before the answer came. */
  readonly unanswered?: boolean;
  /** What it was about: the session opened, the name given, the prompt forked from. */
  readonly subject?: string;
}

/** The prefix of the ids asked here: each tab has its own answers. */
const ASK_PREFIX = 'rpc-ui-sessions-';

/** The agent's commands that list the prompts a fork can start from, by agent. */
const forkCommand = (agent: string | undefined) =>
  agent === 'omp' ? 'get_branch_messages' : 'get_fork_messages';

/**
 * The sessions of the agent's project, through the rpc-ui bridge's own messages (see
 * docs/bridge.md, "Sessions"), DOM-free. The list is asked for on each of the bridge's hellos (a
 * session opened in any tab greets every tab anew), after each turn and after a command of its
 * own. At most one list question and one command are out at a time; a command asked while one
 * runs is refused, as the person cannot see two outcomes at once.
 *
 * Without a bridge (no `rpc_ui_hello` on this connection) there is nothing to list:
 * {@link AgentSessions.available} is `false` and nothing is sent.
 */
export class AgentSessions {
  readonly #controller: ExtensionUIController;
  readonly #events = new Emitter<{ change: AgentSessions }>();
  #available = false;
  #list: readonly SessionSummary[] | undefined;
  #current: string | undefined;
  #forkPoints: readonly ForkPoint[] | undefined;
  #busy: { readonly command: SessionCommand; readonly id: string; readonly subject?: string } | undefined;
  #outcome: SessionOutcome | undefined;
  /** The list question out, and whether another is wanted once it is answered. */
  #listing: string | undefined;
  #listAgain = false;
  #forksAsked: string | undefined;
  /** How many hellos this model has read: a new one may be another conversation. */
  #greetings = 0;
  /** The agent's name, as the bridge's hello gave it. */
  #agent: string | undefined;
  #count = 0;

  constructor(controller: ExtensionUIController) {
    this.#controller = controller;
  }

  /**
   * How many times the bridge greeted this page: after another greeting the agent may be on
   * another conversation, so what was about the last one (a dialog open on it) is over.
   */
  get greetings(): number {
    return this.#greetings;
  }

  /** Whether a bridge is on the other end, so that sessions can be listed and opened. */
  get available(): boolean {
    return this.#available;
  }

  /** The sessions of the project, newest first; `undefined` until the bridge answered. */
  get list(): readonly SessionSummary[] | undefined {
    return this.#list;
  }

  /** The id of the session the agent is on, once it saved one. */
  get current(): string | undefined {
    return this.#current;
  }

  /** The session the agent is on, as listed. */
  get currentSession(): SessionSummary | undefined {
    return this.#list?.find((session) => session.id === this.#current);
  }

  /** The command sent and not answered yet. */
  get busy(): SessionCommand | undefined {
    return this.#busy?.command;
  }

  /** What the command out is about (see {@link SessionOutcome.subject}). */
  get busySubject(): string | undefined {
    return this.#busy?.subject;
  }

  /** How the last command went, until the next one is sent. */
  get outcome(): SessionOutcome | undefined {
    return this.#outcome;
  }

  /** The prompts of the current session a fork can start from, once asked ({@link askForkPoints}). */
  get forkPoints(): readonly ForkPoint[] | undefined {
    return this.#forkPoints;
  }

  /** Listen for changes; returns the function that stops. */
  on(type: 'change', listener: (sessions: AgentSessions) => void): () => void {
    return this.#events.on(type, listener);
  }

  /**
   * Read what the controller passes through; returns the function that stops. A bridge that
   * greeted the open connection already (the agent process it named) is listed at once.
   */
  follow(): () => void {
    const controller = this.#controller;
    this.#available = controller.connectionState === 'open' && controller.agentSession !== undefined;
    this.refresh();
    const stops = [
      controller.on('message', (line) => this.#read(line)),
      controller.on('state', (state) => {
        if (state === 'open') return;
        // What was asked on the closed connection is not answered; a bridge greets the next one.
        this.#available = false;
        this.#listing = undefined;
        this.#listAgain = false;
        if (this.#busy) this.#outcome = { command: this.#busy.command, ok: false, unanswered: true };
        this.#busy = undefined;
        this.#unanswered();
        this.#changed();
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** Ask the bridge for the list again (once the question out is answered, if one is). */
  refresh(): void {
    if (!this.#available) return;
    if (this.#listing !== undefined) {
      this.#listAgain = true;
      return;
    }
    const id = this.#nextId('list');
    if (this.#send({ type: 'rpc_ui_list_sessions', id })) this.#listing = id;
  }

  /** Go to a listed session. */
  open(session: SessionSummary): void {
    this.#command('open', { type: 'rpc_ui_open_session', session: session.id }, sessionLabel(session));
  }

  /** Start a new session. */
  start(): void {
    this.#command('new', { type: 'rpc_ui_new_session' });
  }

  /** Name the session the agent is on. */
  rename(name: string): void {
    this.#command('name', { type: 'rpc_ui_name_session', name }, name);
  }

  /** Start a new session from a prompt of this one ({@link forkPoints}). */
  fork(point: ForkPoint): void {
    this.#command('fork', { type: 'rpc_ui_fork_session', entryId: point.entryId }, point.text);
  }

  /** Ask the agent which prompts of the current session a fork can start from. */
  askForkPoints(): void {
    this.#forkPoints = undefined;
    const id = this.#nextId('forks');
    const type = forkCommand(this.#agent ?? this.#controller.agent?.name);
    if (this.#send({ type, id })) this.#forksAsked = id;
    else {
      this.#forksAsked = undefined;
      this.#forkPoints = [];
      this.#outcome = { command: 'fork', ok: false, unsent: true };
    }
    this.#changed();
  }

  #command(command: SessionCommand, message: OutboundMessage, subject?: string): void {
    if (this.#busy) return;
    const id = this.#nextId(command);
    const about = subject === undefined ? {} : { subject };
    if (this.#available && this.#send({ ...message, id })) {
      this.#busy = { command, id, ...about };
      this.#outcome = undefined;
    } else {
      this.#outcome = { command, ok: false, unsent: true, ...about };
    }
    this.#changed();
  }

  #read(line: InboundMessage): void {
    if (line.type === 'rpc_ui_hello') {
      const parsed = line.parse();
      const identity = parsed.ok && isRecord(parsed.value) ? parsed.value.identity : undefined;
      this.#agent = isRecord(identity) && typeof identity.name === 'string' ? identity.name : undefined;
      this.#available = true;
      this.#greetings++;
      // A question asked before the greeting was not to this connection; the fork's prompts were
      // of the conversation before.
      this.#listing = undefined;
      this.#listAgain = false;
      this.#unanswered();
      this.refresh();
      this.#changed();
      return;
    }
    // A turn ended, or a tab named a session: the list may say something new.
    if (line.type === 'agent_end' || line.type === 'rpc_ui_sessions_changed') return this.refresh();
    // The agent ended: the bridge answers nothing of it now.
    if (line.type === 'rpc_ui_agent_exit') {
      this.#unanswered();
      return this.#changed();
    }
    if (line.type === 'response') return this.#readForkPoints(line);
    if (line.type !== 'rpc_ui_sessions' && line.type !== 'rpc_ui_session_done') return;
    const parsed = line.parse();
    const answer = parsed.ok ? readSessionAnswer(parsed.value) : undefined;
    if (!answer) return;
    if (answer.type === 'rpc_ui_sessions') {
      if (answer.id !== this.#listing) return;
      this.#listing = undefined;
      this.#list = answer.sessions;
      this.#current = answer.current;
      if (this.#listAgain) {
        this.#listAgain = false;
        this.refresh();
      }
      return this.#changed();
    }
    const busy = this.#busy;
    if (!busy || answer.id !== busy.id) return;
    this.#busy = undefined;
    const subject = busy.subject === undefined ? {} : { subject: busy.subject };
    const error = answer.error === undefined ? {} : { error: answer.error };
    this.#outcome = { command: busy.command, ok: answer.ok, ...subject, ...error };
    // A move greets every tab again and a name is told to every tab (rpc_ui_sessions_changed):
    // each lists then.
    this.#changed();
  }

  #readForkPoints(line: InboundMessage): void {
    if (this.#forksAsked === undefined || !line.text.includes(this.#forksAsked)) return;
    const parsed = line.parse();
    if (!parsed.ok || !isRecord(parsed.value) || parsed.value.id !== this.#forksAsked) return;
    this.#forksAsked = undefined;
    const points = parsed.value.success === true ? readForkPoints(parsed.value.data) : undefined;
    this.#forkPoints = points ?? [];
    if (!points) {
      const error = typeof parsed.value.error === 'string' ? parsed.value.error : '';
      this.#outcome = { command: 'fork', ok: false, error };
    }
    this.#changed();
  }

  /** The prompts asked for will not come: the fork dialog says there are none. */
  #unanswered(): void {
    if (this.#forksAsked === undefined) return;
    this.#forksAsked = undefined;
    this.#forkPoints = [];
  }

  #nextId(what: string): string {
    return `${ASK_PREFIX}${what}-${++this.#count}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** Send, or say it could not be (no transport yet, or it is closed). */
  #send(message: OutboundMessage): boolean {
    try {
      this.#controller.send(message);
      return true;
    } catch {
      return false;
    }
  }

  #changed(): void {
    this.#events.emit('change', this);
  }
}

/** How a session is called: its name, else its first prompt. */
export function sessionLabel(session: SessionSummary): string {
  return session.name ?? session.firstPrompt;
}
