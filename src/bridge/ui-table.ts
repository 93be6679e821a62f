/**
 * What the bridge remembers of the agent's extension UI, so a tab that connects late (or reloads)
 * sees the same thing as the others: pending dialogs, the latest status per key, the widgets and
 * the title. Node only in practice, but DOM-free.
 */
import { type AgentIdentity, zeroTimeoutIsOver } from '../protocol/agent.js';
import { parseRequest } from '../protocol/parse.js';
import { responseFor } from '../protocol/responses.js';
import {
  DIALOG_METHODS,
  type DialogAnswer,
  type DialogRequest,
  dialogTimeout,
  REQUEST_TYPE,
} from '../protocol/types.js';
import { type Clock, systemClock } from '../shared/clock.js';
import { BoundedSet } from '../shared/bounded.js';
import { DialogLedger } from '../controller/dialog-ledger.js';
import type { InboundMessage } from '../transport/inbound.js';
import { encodeJson, isPlainObject } from '../transport/jsonl.js';
import { LoginTable } from './login-table.js';
import { responseHead } from './response-head.js';

/** A question the agent is waiting on an answer to. */
interface AwaitedQuestion {
  /** The request, validated. */
  readonly request: DialogRequest;
  /** The request as the agent wrote it (parsed, every field kept). */
  readonly raw: Record<string, unknown>;
  /** The line as the agent wrote it. */
  readonly text: string;
  /** When the bridge read it, on the clock's monotonic scale. */
  readonly receivedAt: number;
  /** Its timeout in ms, or `undefined` when it never times out. */
  readonly timeout: number | undefined;
}

/** `clock`, but its timers let Node exit while they run (the timers of other clocks are left alone). */
function unrefTimers(clock: Clock): Clock {
  return {
    now: () => clock.now(),
    setTimeout: (callback, ms) => {
      const handle = clock.setTimeout(callback, ms);
      if (typeof handle === 'object' && handle !== null && 'unref' in handle)
        (handle as { unref: () => void }).unref();
      return handle;
    },
    clearTimeout: (handle) => clock.clearTimeout(handle),
  };
}

/** What to do with an answer from a tab. */
export type ClaimResult =
  /** The first answer to a pending dialog: forward it; the dialog is now closed. */
  | 'first'
  /** The dialog was already answered: drop the answer. */
  | 'closed'
  /** The dialog timed out before this answer came (the agent went on with its default): drop it. */
  | 'expired'
  /** The first answer to a request the bridge cannot check (a fork's method, bad fields): forward. */
  | 'unknown'
  /** The agent never asked this (no such request, or one that takes no answer): drop it. */
  | 'not-asked'
  /** The answer does not fit its dialog (a select answered with no option of its own…): drop it. */
  | { readonly invalid: string };

/**
 * The answer part of a tab's `extension_ui_response` (its shape is checked by `responseFor`), as
 * the kit gives it: atomic's `oauth_select` is answered on the wire with the option's id, which
 * stands for its label here (a label there is refused, as any text that is no option).
 * @throws TypeError for an oauth_select answered with anything but an option's id
 */
function answerOf(message: Readonly<Record<string, unknown>>, request: DialogRequest): DialogAnswer {
  if ('cancelled' in message) return { cancelled: message.cancelled } as DialogAnswer;
  if ('confirmed' in message) return { confirmed: message.confirmed } as DialogAnswer;
  if (request.method === 'select' && request.login?.optionIds) {
    const label = request.options[request.login.optionIds.indexOf(String(message.value))];
    if (label === undefined)
      throw new TypeError('An oauth_select is answered with the id of one of its options.');
    return { value: label };
  }
  return { value: message.value } as DialogAnswer;
}

/** The commands whose answers the table reads: the models kept for new tabs, and the logins. */
const WATCHED_ANSWERS = new Set(['get_available_models', 'get_state', 'login_provider', 'login']);

/** How many unanswered dialogs with bad fields are kept (replayed, and answerable once). */
const BAD_DIALOGS_KEPT = 1000;

/** The bridge's own table of the agent's UI state. */
export class UiTable {
  readonly #clock: Clock;
  /**
   * The questions the agent waits on, and those closed lately (answered, or expired: the agent went
   * on with its default), by the same rules as a page's queue.
   */
  readonly #dialogs: DialogLedger<AwaitedQuestion>;
  /** Requests of unknown methods (the bridge cannot check them), not answered yet. */
  readonly #unknown = new BoundedSet<string>(1000);
  /**
   * The dialogs with bad fields not answered yet (the newest 1000): their lines are replayed so a
   * later tab cancels them, and only they may be answered so.
   */
  readonly #badDialogs = new Map<string, string>();
  readonly #statuses = new Map<string, string>();
  readonly #widgets = new Map<string, string>();
  #title: string | undefined;
  readonly #logins: LoginTable;
  /**
   * The agent's last answers about its models (`get_available_models`, `get_state`): atomic
   * answers no command while a sign-in waits, and a tab that reloads then still names its providers.
   */
  readonly #models = new Map<'catalog' | 'state', string>();

  constructor(clock: Clock = systemClock) {
    this.#clock = unrefTimers(clock);
    this.#dialogs = new DialogLedger(this.#clock, 1000);
    this.#logins = new LoginTable(this.#clock);
  }

  /**
   * Record one line from the agent. Anything but a valid extension UI request is ignored, but for
   * the end of a login (the response to `login_provider`, or oh-my-pi's `login`), which ends its
   * questions and its pages.
   * @param agent which agent wrote it, where agents differ (oh-my-pi's `timeout: 0`)
   */
  observe(message: InboundMessage, agent?: AgentIdentity): void {
    if (message.type === 'response') return this.#response(message);
    if (message.type !== REQUEST_TYPE) return;
    const raw = message.value;
    if (!isPlainObject(raw)) return;
    const parsed = parseRequest(raw, message.text);
    if (!parsed.ok) {
      const { reason, id, method } = parsed.report;
      // A dialog with bad fields is answered `cancelled` by the kit: forward that answer too.
      const unchecked =
        reason === 'unknown-method' || (reason === 'invalid-fields' && DIALOG_METHODS.has(method ?? ''));
      if (!unchecked || id === undefined || this.#dialogs.knows(id)) return;
      // A dialog with bad fields is kept apart: a flood of unknown fire-and-forget methods (a newer
      // agent's) must not push it out before a tab's kit has cancelled it.
      if (reason === 'invalid-fields' && id) this.#addBadDialog(id, message.text);
      else this.#unknown.add(id);
      return;
    }
    const request = parsed.request;
    switch (request.method) {
      case 'select':
      case 'confirm':
      case 'input':
      case 'editor':
        this.#addDialog(request, raw, message.text, zeroTimeoutIsOver(agent));
        break;
      case 'cancel':
        this.#withdraw(request.targetId);
        break;
      case 'oauth_manual_code_cancel':
        for (const { request: asked } of this.#dialogs.pending)
          if (asked.login?.method === 'oauth_manual_code' && asked.login.loginId === request.login.loginId)
            this.#withdraw(asked.id);
        break;
      case 'setStatus':
        if (request.statusText === undefined) this.#statuses.delete(request.statusKey);
        else this.#statuses.set(request.statusKey, message.text);
        break;
      case 'setWidget':
        if (request.widgetLines === undefined) this.#widgets.delete(request.widgetKey);
        else this.#widgets.set(request.widgetKey, message.text);
        break;
      case 'setTitle':
        this.#title = message.text;
        break;
      case 'open_url':
      case 'oauth_device_code':
      case 'oauth_info':
        this.#logins.keep(request, raw, message.text);
        break;
      default:
        break;
    }
  }

  /** A tab's command on its way to the agent: a login it starts is ended by the answer. */
  command(value: Readonly<Record<string, unknown>>): void {
    this.#logins.command(value);
  }

  /**
   * Decide what happens to a tab's `extension_ui_response` (the first fitting answer closes its
   * dialog). Only what the agent asked is answered, once, with an answer of the dialog's kind.
   */
  claim(message: Readonly<Record<string, unknown>> & { readonly id: string }): ClaimResult {
    const { id } = message;
    const dialog = this.#dialogs.get(id);
    if (dialog) {
      try {
        responseFor(dialog.request, answerOf(message, dialog.request));
      } catch (error) {
        return { invalid: error instanceof Error ? error.message : String(error) };
      }
      this.#dialogs.close(id);
      this.#badDialogs.delete(id); // the same id asked before with bad fields: answered too
      return 'first';
    }
    const closed = this.#dialogs.closedAs(id);
    if (closed) return closed === 'expired' ? 'expired' : 'closed';
    // Several tabs answer a dialog with bad fields (each kit cancels it): the first one goes.
    if (!this.#badDialogs.delete(id) && !this.#unknown.delete(id)) return 'not-asked';
    this.#dialogs.markClosed(id);
    return 'unknown';
  }

  /** The ids of the dialogs still pending, oldest first. */
  pendingIds(): string[] {
    return this.#dialogs.pending.map((dialog) => dialog.request.id);
  }

  /** What is live now, for `rpc_ui_hello`: pending dialog ids, status and widget keys. */
  live(): { dialogs: string[]; statuses: string[]; widgets: string[] } {
    return {
      dialogs: this.pendingIds(),
      statuses: [...this.#statuses.keys()],
      widgets: [...this.#widgets.keys()],
    };
  }

  /**
   * The lines a newly connected tab needs, in order: statuses, widgets, the title, the agent's
   * last answers about its models, the logins' pages, codes and messages, then the pending dialogs, each with its `timeout` rewritten to the milliseconds that remain, then the
   * dialogs with bad fields nobody answered yet (the kit answers them cancelled: with no tab
   * connected when one came, the agent would wait for good).
   */
  replay(): string[] {
    const lines = [...this.#statuses.values(), ...this.#widgets.values()];
    if (this.#title !== undefined) lines.push(this.#title);
    lines.push(...this.#models.values(), ...this.#logins.replay());
    const now = this.#clock.now();
    for (const dialog of this.#dialogs.pending) {
      if (dialog.timeout === undefined) {
        lines.push(dialog.text);
        continue;
      }
      const remaining = Math.ceil(dialog.timeout - (now - dialog.receivedAt));
      // `timeout: 0` would mean "never": a dialog at its very end is skipped instead.
      if (remaining > 0) lines.push(encodeJson({ ...dialog.raw, timeout: remaining }));
    }
    lines.push(...this.#badDialogs.values());
    return lines;
  }

  /** Forget everything (the agent has ended). */
  clear(): void {
    for (const id of this.pendingIds()) this.#dialogs.close(id);
    this.#statuses.clear();
    this.#widgets.clear();
    this.#badDialogs.clear();
    this.#logins.clear();
    this.#models.clear();
    this.#title = undefined;
  }

  #addBadDialog(id: string, text: string): void {
    this.#badDialogs.set(id, text);
    // The oldest go first (an agent with a thousand unanswered dialogs has gone wrong anyway).
    for (const old of this.#badDialogs.keys()) {
      if (this.#badDialogs.size <= BAD_DIALOGS_KEPT) break;
      this.#badDialogs.delete(old);
    }
  }

  /** The agent no longer waits for dialog `id`: an answer to it now comes too late. */
  #withdraw(id: string): void {
    this.#dialogs.close(id, 'expired');
  }

  /** A command's answer: one about the models is kept; the end of a login ends its questions. */
  #response(message: InboundMessage): void {
    // Most answers are of other commands: those are not parsed here.
    if (!WATCHED_ANSWERS.has(responseHead(message).command ?? '')) return;
    const parsed = message.parse();
    const value = parsed.ok && isPlainObject(parsed.value) ? parsed.value : undefined;
    const command = value?.command;
    if (command === 'login_provider' || command === 'login') this.#loginEnded(message);
    if (value?.success !== true || !isPlainObject(value.data)) return;
    if (command === 'get_available_models' && Array.isArray(value.data.models))
      this.#models.set('catalog', message.text);
    else if (command === 'get_state') this.#models.set('state', message.text);
    // Signed in: the models kept are old news; a tab asks afresh, and the agent answers now.
    else if (command === 'login_provider') this.#models.clear();
  }

  /** A login ended (the agent answered the command that started it): it waits on none of its questions. */
  #loginEnded(message: InboundMessage): void {
    const parsed = message.parse();
    const ended = parsed.ok && isPlainObject(parsed.value) ? this.#logins.ended(parsed.value) : undefined;
    if (!ended || (ended.provider === undefined && ended.loginId === undefined)) return;
    for (const { request } of this.#dialogs.pending) {
      const login = request.login;
      if (login && (login.provider === ended.provider || login.loginId === ended.loginId))
        this.#withdraw(request.id);
    }
  }

  #addDialog(request: DialogRequest, raw: Record<string, unknown>, text: string, zeroIsOver: boolean): void {
    // The same question again, open or already closed, is ignored: otherwise a tab could answer it
    // again and the agent would read a second answer. Another question under the same id is
    // another question, asked last.
    const asking = this.#dialogs.asking(request);
    if (asking === 'pending' || asking === 'closed') return;
    const receivedAt = this.#clock.now();
    const timeout = dialogTimeout(request, zeroIsOver);
    const dialog: AwaitedQuestion = { request, raw, text, receivedAt, timeout };
    this.#dialogs.open(dialog);
    if (timeout !== undefined) this.#dialogs.expireAt(dialog, receivedAt + timeout);
  }
}
