/**
 * Fuzzing the bridge (issue 7, "Hostile input"): hostile agent output in random chunks through
 * the bridge's hub to real WebSocket tabs (`ws` clients, scripted or running the kit's own
 * controller), and tabs that answer twice, answer late, race each other, send commands, the
 * bridge's own message types, or garbage (not JSON, not an object, invalid UTF-8, too big).
 *
 * 1. In process: `AgentHub` with a stand-in agent whose stdout chunks are exactly the fuzzed ones
 *    and whose stdin is recorded. A model of the bridge's table runs beside it: the replay to a
 *    tab that joins late and the dialogs closed at the agent's exit must match it.
 * 2. End to end: `startBridge` on a tiny Node agent that writes what it is told and logs its stdin.
 *
 * Always: nothing throws out of the bridge; the agent reads only well-formed lines: the commands
 * tabs sent, and at most one answer per dialog it asked, one that a tab gave (and exactly one
 * when a tab answered a dialog that was still open); garbage disconnects that tab only, with the
 * documented close code, and never reaches the agent. `FUZZ_RUNS=<n>` multiplies the run counts.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { AgentExit, AgentProcess } from '../../../src/bridge/agent-process.js';
import { commandAllowList, DEFAULT_COMMANDS } from '../../../src/bridge/commands.js';
import { AgentHub } from '../../../src/bridge/hub.js';
import { DEFAULT_MAX_PAYLOAD, startBridge } from '../../../src/bridge/server.js';
import { UiTable } from '../../../src/bridge/ui-table.js';
import { questionFingerprint } from '../../../src/protocol/fingerprint.js';
import { parseRequest } from '../../../src/protocol/parse.js';
import { cancelResponse, responseFor } from '../../../src/protocol/responses.js';
import type { DialogAnswer, DialogRequest, ExtensionUIResponse } from '../../../src/protocol/types.js';
import { DIALOG_METHODS, dialogTimeout, isDialogRequest, REQUEST_TYPE } from '../../../src/protocol/types.js';
import { systemClock } from '../../../src/shared/clock.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import { isPlainObject } from '../../../src/transport/jsonl.js';
import { StreamTransport } from '../../../src/transport/streams.js';
import { WebSocketTransport } from '../../../src/transport/websocket.js';
import {
  agentStream,
  awkwardText,
  chunked,
  fuzzParameters,
  fuzzTimeout,
  ID_POOL,
  interleaved,
  timeoutArbitrary,
  utf8,
  type WriteStep,
} from '../../support/fuzz.js';

/**
 * 16 MiB, less than the bridge's default (which a test of its own covers), so a too-big message
 * stays cheap; the biggest answer (an option, an edited text) and agent line fit with room to spare.
 */
const MAX_PAYLOAD = DEFAULT_MAX_PAYLOAD / 16;
/** Timeouts this long never end within a run (and used to end at once, see the regression tests). */
const NEVER = 2 ** 31 - 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A barrier on one connection: ping, and wait for the pong. The server answers the ping only
 * after it has read it, so whatever it wrote to this tab before then has arrived first.
 */
function pong(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    socket.once('pong', () => resolve());
    socket.ping();
  });
}

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(2);
  }
}

/** The kit's own reading of a line: a valid dialog request, or nothing. */
function dialogOf(text: string): { request: DialogRequest; raw: Record<string, unknown> } | undefined {
  const message = InboundMessage.fromText(text);
  if (message.type !== REQUEST_TYPE) return undefined;
  const raw = message.value;
  if (!isPlainObject(raw)) return undefined;
  const result = parseRequest(raw, text);
  return result.ok && isDialogRequest(result.request) ? { request: result.request, raw } : undefined;
}

function goodAnswer(request: DialogRequest, choice: number): DialogAnswer {
  if (choice === 0) return { cancelled: true };
  if (request.method === 'confirm') return { confirmed: choice % 2 === 0 };
  if (request.method === 'select') {
    const option = request.options[choice % Math.max(1, request.options.length)];
    return option === undefined ? { cancelled: true } : { value: option };
  }
  return { value: ['', 'x\u2028y', 'é 🚀', 'two\nlines'][choice % 4] ?? '' };
}

/** Whether a dialog can still be open at the end of a run: no timeout, or one beyond it. */
const lasts = (request: DialogRequest): boolean => {
  const timeout = dialogTimeout(request);
  return timeout === undefined || timeout >= NEVER;
};

// ---------------------------------------------------------------------------------------------
// Tabs

/** A tab that reads every message as text and answers as a script says. */
class ScriptedTab {
  readonly socket: WebSocket;
  readonly texts: string[] = [];
  /** Dialogs this tab sees open, and every dialog id it ever saw. */
  readonly open = new Map<string, DialogRequest>();
  readonly seen = new Map<string, DialogRequest>();
  closeCode: number | undefined;
  closeReason = '';

  constructor(url: string, origin: string) {
    this.socket = new WebSocket(url, { origin });
    this.socket.on('message', (data: Buffer, isBinary) =>
      this.#receive(isBinary ? '(binary)' : data.toString('utf8')),
    );
    this.socket.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = reason.toString();
    });
    this.socket.on('error', () => undefined);
  }

  ready(): Promise<void> {
    return until('the hello', () => (this.texts.length > 0 ? true : undefined)).then(() => undefined);
  }

  #receive(text: string): void {
    this.texts.push(text);
    const dialog = dialogOf(text);
    if (dialog) {
      this.open.set(dialog.request.id, dialog.request);
      this.seen.set(dialog.request.id, dialog.request);
      return;
    }
    const message = InboundMessage.fromText(text);
    const value = message.value as { id?: unknown } | undefined;
    if (message.type === 'rpc_ui_dialog_closed' && typeof value?.id === 'string') this.open.delete(value.id);
  }

  send(data: string | Buffer, options: { binary?: boolean } = {}): void {
    if (this.socket.readyState === WebSocket.OPEN)
      this.socket.send(data, { binary: options.binary ?? false });
  }

  get alive(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.socket.close();
  }
}

/** A tab running the kit's client: WebSocketTransport and ExtensionUIController. */
class ControllerTab {
  readonly transport: WebSocketTransport;
  readonly controller: ExtensionUIController;
  readonly texts: string[] = [];

  constructor(url: string, origin: string) {
    class OriginWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { origin });
      }
    }
    this.transport = new WebSocketTransport({ url, WebSocket: OriginWebSocket, reconnect: false });
    this.controller = new ExtensionUIController({ transport: this.transport });
    this.controller.on('message', (message) => {
      this.texts.push(message.text);
      const value = message.value as { id?: unknown } | undefined;
      // What <rpc-extension-ui> does with the bridge's messages.
      if (message.type === 'rpc_ui_dialog_closed' && typeof value?.id === 'string')
        this.controller.cancel(value.id);
      if (message.type === 'rpc_ui_agent_exit') this.controller.cancelAll();
    });
    this.controller.on('request', (request) => this.texts.push(JSON.stringify(request)));
  }

  ready(): Promise<void> {
    return until('the hello', () => (this.texts.length > 0 ? true : undefined)).then(() => undefined);
  }

  get alive(): boolean {
    return this.transport.state === 'open';
  }

  close(): void {
    this.transport.close();
    this.controller.dispose();
  }
}

type Tab = ScriptedTab | ControllerTab;

// ---------------------------------------------------------------------------------------------
// What the tabs do

type Garbage =
  | { readonly kind: 'text' | 'binary'; readonly data: string }
  | { readonly kind: 'utf8' | 'big' };

const garbage: fc.Arbitrary<Garbage> = fc.oneof(
  fc.record({
    kind: fc.constant('text' as const),
    data: fc.oneof(
      fc.constantFrom(
        'not json',
        '',
        '[1,2]',
        'null',
        '42',
        '"text"',
        '{}',
        '{"id":"x"}',
        '{"type":3}',
        '{"type":null}',
        '{',
      ),
      fc.string({ maxLength: 20 }).filter((text) => {
        try {
          const value: unknown = JSON.parse(text);
          return !isPlainObject(value) || typeof value.type !== 'string';
        } catch {
          return true;
        }
      }),
    ),
  }),
  fc.record({
    kind: fc.constant('binary' as const),
    data: fc.constantFrom('not json', '[]', '{"type":false}'),
  }),
  fc.constant({ kind: 'utf8' as const }),
  fc.constant({ kind: 'big' as const }),
);

type TabAction =
  | {
      readonly kind: 'answer';
      readonly tab: number;
      readonly pick: number;
      readonly choice: number;
      readonly twice: boolean;
      readonly stale: boolean;
    }
  | { readonly kind: 'race'; readonly pick: number; readonly choice: number }
  | { readonly kind: 'stop'; readonly tab: number }
  | { readonly kind: 'command'; readonly tab: number; readonly text: string; readonly type: string }
  | { readonly kind: 'bridgeType'; readonly tab: number }
  | { readonly kind: 'garbage'; readonly tab: number; readonly garbage: Garbage }
  | { readonly kind: 'join'; readonly controller: boolean }
  | { readonly kind: 'leave'; readonly tab: number }
  | { readonly kind: 'wait'; readonly ms: number };

const tab = fc.nat(3);
const tabAction: fc.Arbitrary<TabAction> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      tab,
      pick: fc.nat(7),
      choice: fc.nat(5),
      twice: fc.boolean(),
      stale: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('race' as const), pick: fc.nat(7), choice: fc.nat(5) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stop' as const), tab }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('command' as const),
      tab,
      text: awkwardText,
      // Commands a page may send, and commands the bridge refuses (never on the agent's stdin).
      type: fc.constantFrom('prompt', 'steer', 'bash', 'export_html', 'switch_session'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bridgeType' as const), tab }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('garbage' as const), tab, garbage }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('join' as const), controller: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), tab }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(0, 1, 5, 20, 40) }),
  },
);

type Step = WriteStep | TabAction;

/** Timeouts for the bridge's real clock: none, ending within a run, or never within it. */
const bridgeTimeout = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -5, 60_000, 2 ** 31, 2 ** 32 + 7, 1e12) },
  { weight: 1, arbitrary: timeoutArbitrary({ shortMax: 80 }) },
);

/** Agent output in chunks, with the tabs' actions between them; one or two tabs to start with. */
const scenario = fc
  .record({
    bytes: agentStream({ timeout: bridgeTimeout, maxLines: 24 }),
    controllers: fc.array(fc.boolean(), { minLength: 1, maxLength: 2 }),
  })
  .chain(({ bytes, controllers }) =>
    chunked(bytes, 12)
      .chain((chunks) => interleaved(chunks, tabAction, 16))
      .map((steps) => ({ controllers, steps })),
  );

// ---------------------------------------------------------------------------------------------
// The agent's side and the checks

/** One line the agent read on stdin, parsed; `undefined` when it was not a JSON object. */
function readStdin(bytes: Uint8Array): { text: string; value: Record<string, unknown> | undefined }[] {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  expect(text === '' || text.endsWith('\n'), 'stdin ends with a newline').toBe(true);
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        value = undefined;
      }
      return { text: line, value: isPlainObject(value) ? value : undefined };
    });
}

/** Whether `response` answers `request` as its kind of dialog expects. */
function fits(request: DialogRequest, response: ExtensionUIResponse): boolean {
  const answer =
    'cancelled' in response
      ? { cancelled: response.cancelled }
      : 'confirmed' in response
        ? { confirmed: response.confirmed }
        : { value: response.value };
  try {
    responseFor(request, answer);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the agent asked and the tabs sent, and the checks on what the agent read. One ledger can
 * span several runs (the end-to-end bridge keeps its state between them).
 */
class Ledger {
  /** Valid dialogs the agent asked, by id (the first time). */
  readonly asked = new Map<string, DialogRequest>();
  /**
   * The questions asked under each id, by fingerprint: another question under a used id is
   * another question, answered once too.
   */
  readonly questions = new Map<string, Map<string, DialogRequest>>();
  /** How many times each id was asked a question other than the one asked under it just before. */
  readonly askings = new Map<string, number>();
  readonly #last = new Map<string, string>();
  /** Ids of dialogs with bad fields the agent asked (the kit answers them cancelled). */
  readonly malformed = new Set<string>();
  /** Good answers tabs sent, by id. */
  readonly answers = new Map<string, unknown[]>();
  /** Commands tabs sent (their order per tab is kept). */
  readonly commands: unknown[] = [];
  /** Ids answered by the agent, from stdin. */
  readonly forwarded = new Map<string, number>();

  observe(text: string): void {
    const dialog = dialogOf(text);
    if (dialog && !this.asked.has(dialog.request.id)) this.asked.set(dialog.request.id, dialog.request);
    if (dialog) {
      const { request } = dialog;
      const questions = this.questions.get(request.id) ?? new Map<string, DialogRequest>();
      const question = questionFingerprint(request);
      questions.set(question, request);
      this.questions.set(request.id, questions);
      if (this.#last.get(request.id) !== question)
        this.askings.set(request.id, (this.askings.get(request.id) ?? 0) + 1);
      this.#last.set(request.id, question);
    }
    const message = InboundMessage.fromText(text);
    if (message.type !== REQUEST_TYPE || !isPlainObject(message.value)) return;
    const result = parseRequest(message.value, text);
    if (result.ok || result.report.reason !== 'invalid-fields') return;
    const { id, method } = result.report;
    if (id !== undefined && DIALOG_METHODS.has(method ?? '')) this.malformed.add(id);
  }

  /**
   * A tab answered `id`. The bridge forwards only answers that fit a question the agent asked
   * under it.
   */
  answered(id: string, response: ExtensionUIResponse): void {
    const questions = [...(this.questions.get(id)?.values() ?? [])];
    if (questions.length > 0 && !questions.some((request) => fits(request, response))) return;
    this.answers.set(id, [...(this.answers.get(id) ?? []), response]);
  }

  /** Check every line the agent read. */
  check(lines: readonly { text: string; value: Record<string, unknown> | undefined }[]): void {
    const commands = this.commands.map((c) => JSON.stringify(c));
    for (const { text, value } of lines) {
      expect(value, `a JSON object on stdin: ${text}`).toBeDefined();
      expect(text).not.toMatch(/[\u2028\u2029]/);
      if (!value || typeof value.type !== 'string' || value.type.startsWith('fuzz_')) continue;
      expect(value.type.startsWith('rpc_ui_'), text).toBe(false);
      if (value.type === 'extension_ui_response') {
        const id = value.id as string;
        expect(this.asked.has(id) || this.malformed.has(id), `an answer to ${id}, which was asked`).toBe(
          true,
        );
        this.forwarded.set(id, (this.forwarded.get(id) ?? 0) + 1);
        // One answer per question; a dialog with bad fields is one question.
        const questions = (this.askings.get(id) ?? 0) + (this.malformed.has(id) ? 1 : 0);
        expect(this.forwarded.get(id), `answers to ${id}`).toBeLessThanOrEqual(Math.max(1, questions));
        expect(this.answers.get(id) ?? [], `${id} answered as a tab said`).toContainEqual(value);
        continue;
      }
      const index = commands.indexOf(JSON.stringify(value));
      expect(index, `a command a tab sent: ${text}`).toBeGreaterThanOrEqual(0);
      commands.splice(index, 1);
    }
    expect(commands, 'every command reached the agent').toEqual([]);
    // A dialog that cannot have timed out, answered by a tab, was answered for the agent (unless
    // another question took its id meanwhile: the tab's answer may not fit that one).
    for (const [id, sent] of this.answers) {
      const request = this.asked.get(id);
      if (
        request &&
        sent.length > 0 &&
        lasts(request) &&
        this.questions.get(id)?.size === 1 &&
        !this.malformed.has(id)
      )
        expect(this.forwarded.get(id), `the answer to ${id} reached the agent`).toBeGreaterThanOrEqual(1);
    }
  }
}

/**
 * Drive one scenario against a bridge at `url`: `write` makes the agent write bytes; tabs join,
 * answer, send and leave as the steps say. Checks the close code of every tab that sent garbage.
 */
async function drive(
  steps: readonly Step[],
  controllers: readonly boolean[],
  env: {
    readonly url: string;
    readonly origin: string;
    readonly ledger: Ledger;
    readonly write: (bytes: Uint8Array) => Promise<void>;
    /** Before a tab joins (the in-process run ends the agent's partial line, so the replay is whole). */
    readonly beforeJoin?: () => Promise<void>;
    readonly onJoin?: (tab: Tab) => Promise<void>;
    /** Every tab opened, for the caller to close whatever happens. */
    readonly tabs: Tab[];
  },
): Promise<{ tabs: Tab[]; refused: { tab: ScriptedTab; garbage: Garbage }[] }> {
  const { ledger, tabs } = env;
  const refused: { tab: ScriptedTab; garbage: Garbage }[] = [];
  const join = async (controller: boolean) => {
    await env.beforeJoin?.();
    const next = controller ? new ControllerTab(env.url, env.origin) : new ScriptedTab(env.url, env.origin);
    if (next instanceof ControllerTab) {
      next.controller.on('answer', ({ response }) => ledger.answered(response.id, { ...response }));
      // A dialog with bad fields: the controller answers it cancelled by itself.
      next.controller.on('invalid', ({ id, cancelled }) => {
        if (cancelled && id !== undefined) ledger.answered(id, cancelResponse(id));
      });
    }
    tabs.push(next);
    await next.ready();
    await env.onJoin?.(next);
  };
  const live = () => tabs.filter((t) => t.alive);
  const at = (index: number) => {
    const list = live();
    return list[index % Math.max(1, list.length)];
  };
  const answer = (t: ScriptedTab, request: DialogRequest, choice: number) => {
    if (!t.alive) return;
    const response = responseFor(request, goodAnswer(request, choice));
    ledger.answered(request.id, response);
    t.send(JSON.stringify(response));
  };
  for (const c of controllers) await join(c);
  for (const step of steps) {
    switch (step.kind) {
      case 'write':
        await env.write(step.bytes);
        break;
      case 'answer': {
        const t = at(step.tab);
        if (t instanceof ControllerTab) {
          const dialogs = t.controller.dialogs;
          const dialog = dialogs[step.pick % Math.max(1, dialogs.length)];
          if (dialog) t.controller.respond(dialog.request.id, goodAnswer(dialog.request, step.choice));
        } else if (t) {
          const list = [...(step.stale ? t.seen : t.open).values()];
          const request = list[step.pick % Math.max(1, list.length)];
          if (!request) break;
          t.open.delete(request.id);
          answer(t, request, step.choice);
          if (step.twice) answer(t, request, step.choice + 1);
        }
        break;
      }
      case 'race': {
        // Every scripted tab answers the same dialog at once.
        const scripted = live().filter((t): t is ScriptedTab => t instanceof ScriptedTab);
        const ids = [...new Set(scripted.flatMap((t) => [...t.open.keys()]))];
        const id = ids[step.pick % Math.max(1, ids.length)];
        for (const t of scripted) {
          const request = id === undefined ? undefined : t.seen.get(id);
          if (request) answer(t, request, step.choice + tabs.indexOf(t));
        }
        break;
      }
      case 'stop': {
        const t = at(step.tab);
        if (t instanceof ControllerTab) t.controller.cancelAll({ respond: true });
        else if (t) for (const request of [...t.open.values()]) answer(t, request, 0);
        break;
      }
      case 'command': {
        const t = at(step.tab);
        const command = { type: step.type, id: `cmd-${ledger.commands.length}`, message: step.text };
        if (!t) break;
        if (DEFAULT_COMMANDS.includes(step.type)) ledger.commands.push(command);
        if (t instanceof ControllerTab) t.controller.send(command);
        else t.send(JSON.stringify(command));
        break;
      }
      case 'bridgeType': {
        const t = at(step.tab);
        const message = { type: 'rpc_ui_dialog_closed', id: ID_POOL[0], reason: 'answered' };
        if (t instanceof ControllerTab) t.controller.send(message);
        else t?.send(JSON.stringify(message));
        break;
      }
      case 'garbage': {
        // Garbage comes from scripted tabs (the kit's client cannot send any).
        const scripted = live().filter((t): t is ScriptedTab => t instanceof ScriptedTab);
        const t = scripted[step.tab % Math.max(1, scripted.length)];
        if (!t) break;
        const g = step.garbage;
        if (g.kind === 'text') t.send(g.data);
        else if (g.kind === 'binary') t.send(Buffer.from(g.data), { binary: true });
        else if (g.kind === 'utf8') t.send(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]));
        else t.send(JSON.stringify({ type: 'prompt', message: 'x'.repeat(MAX_PAYLOAD) }));
        refused.push({ tab: t, garbage: g });
        await until('the refused tab to close', () => t.closeCode);
        break;
      }
      case 'join':
        if (live().length < 4) await join(step.controller);
        break;
      case 'leave': {
        const t = at(step.tab);
        if (t && live().length > 1) t.close();
        break;
      }
      case 'wait':
        // A timed step of the fuzz schedule: time is the stimulus (dialogs' timeouts run out, output
        // interleaves differently); no check depends on how long it really took.
        await sleep(step.ms);
        break;
    }
  }
  for (const { tab: t, garbage: g } of refused) {
    const code = { text: 1008, binary: 1008, utf8: 1007, big: 1009 }[g.kind];
    expect(t.closeCode, `${g.kind} garbage`).toBe(code);
    if (code === 1008) expect(t.closeReason).toMatch(/JSON object/);
  }
  return { tabs, refused };
}

async function closeAll(tabs: readonly Tab[]): Promise<void> {
  for (const t of tabs) t.close();
  await until('the tabs to close', () =>
    tabs.every((t) => (t instanceof ScriptedTab ? t.closeCode !== undefined : t.transport.state === 'closed'))
      ? true
      : undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// 1. In process

/** A stand-in for the agent process: stdout chunks exactly as given, stdin recorded. */
class FakeAgent {
  readonly child = Object.assign(new EventEmitter(), { stderr: null });
  readonly transport: StreamTransport;
  readonly exited: Promise<AgentExit>;
  readonly stdin: Uint8Array[] = [];
  #stdout!: ReadableStreamDefaultController<Uint8Array>;
  #exit!: (exit: AgentExit) => void;

  constructor() {
    const readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#stdout = controller;
      },
    });
    const writable = new WritableStream<Uint8Array>({
      write: (chunk) => void this.stdin.push(chunk.slice()),
    });
    this.transport = new StreamTransport({ readable, writable });
    this.exited = new Promise((resolve) => {
      this.#exit = resolve;
    });
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.#stdout.enqueue(bytes);
    await new Promise((resolve) => setImmediate(resolve));
  }

  #ended = false;

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#stdout.close();
    this.#exit({ code: 0, signal: null });
  }

  stderrTail(): string[] {
    return [];
  }

  /** It writes nothing on stderr. */
  onStderr(): () => void {
    return () => undefined;
  }

  get stdinBytes(): Uint8Array {
    return Buffer.concat(this.stdin);
  }
}

/** The model of the bridge's table: what a tab that joins now must get. */
class TableModel {
  readonly statuses = new Map<string, string>();
  readonly widgets = new Map<string, string>();
  title: string | undefined;
  /** The agent's last answers about its models, replayed after the title. */
  readonly models = new Map<'catalog' | 'state', string>();
  /** Each login's page, device code and messages (the newest 20 logins, 50 messages each). */
  readonly logins = new Map<string, { page?: string; code?: string; messages: string[] }>();
  readonly dialogs = new Map<
    string,
    { text: string; request: DialogRequest; raw: Record<string, unknown> }
  >();
  /** Closed ids, each with the fingerprint of the question it closed (`''`: bad fields). */
  readonly closed = new Map<string, string>();
  /** Dialogs with bad fields no tab has answered (cancelled) yet: replayed last, the newest 100. */
  readonly bad = new Map<string, string>();
  /**
   * Ids asked again with another question: the model learns of an answer only when the agent
   * reads it, so it cannot tell which of their questions the bridge closed. Left unchecked here;
   * the table's own tests cover them.
   */
  readonly reused = new Set<string>();

  observe(text: string): void {
    const message = InboundMessage.fromText(text);
    if (message.type === 'response' && isPlainObject(message.value))
      return this.#response(message.value, text);
    if (message.type !== REQUEST_TYPE || !isPlainObject(message.value)) return;
    const result = parseRequest(message.value, text);
    if (!result.ok) {
      const { reason, id, method } = result.report;
      if (reason !== 'invalid-fields' || !id || !DIALOG_METHODS.has(method ?? '')) return;
      if (this.dialogs.has(id) || this.closed.has(id)) return;
      this.bad.set(id, text);
      while (this.bad.size > 100) this.bad.delete(this.bad.keys().next().value ?? '');
      return;
    }
    const request = result.request;
    if (isDialogRequest(request)) {
      // The same question again (open or closed) is ignored, as the controller does; another
      // question under the same id is another question, asked last.
      const question = questionFingerprint(request);
      const open = this.dialogs.get(request.id);
      if (open ? questionFingerprint(open.request) === question : this.closed.get(request.id) === question)
        return;
      if (open || this.closed.has(request.id) || this.bad.has(request.id)) this.reused.add(request.id);
      this.dialogs.delete(request.id);
      this.dialogs.set(request.id, { text, request, raw: message.value });
    } else if (request.method === 'setStatus') {
      if (request.statusText === undefined) this.statuses.delete(request.statusKey);
      else this.statuses.set(request.statusKey, text);
    } else if (request.method === 'setWidget') {
      if (request.widgetLines === undefined) this.widgets.delete(request.widgetKey);
      else this.widgets.set(request.widgetKey, text);
    } else if (request.method === 'setTitle') this.title = text;
    else if (
      request.method === 'open_url' ||
      request.method === 'oauth_device_code' ||
      request.method === 'oauth_info'
    ) {
      const key = request.login?.loginId ?? request.id;
      const login = this.logins.get(key) ?? { messages: [] };
      if (request.method === 'open_url') login.page = text;
      else if (request.method === 'oauth_device_code') login.code = text;
      else if (login.messages.push(text) > 50) login.messages.shift();
      this.logins.delete(key);
      this.logins.set(key, login);
      if (this.logins.size > 20) this.logins.delete(this.logins.keys().next().value ?? '');
    }
  }

  #response(value: Record<string, unknown>, text: string): void {
    const { command, success, data } = value;
    if (success !== true || !isPlainObject(data)) return;
    if (command === 'get_available_models' && Array.isArray(data.models)) this.models.set('catalog', text);
    else if (command === 'get_state') this.models.set('state', text);
    else if (command === 'login_provider') this.models.clear();
  }

  /** The agent read an answer to `id`: the first to a dialog, or to one the bridge cannot check. */
  answered(id: string): void {
    const open = this.dialogs.get(id);
    this.dialogs.delete(id);
    this.bad.delete(id);
    this.closed.set(id, open ? questionFingerprint(open.request) : '');
  }

  /** The hello lists the open dialogs in order; only one that can have timed out may be missing. */
  checkHello(all: readonly string[]): void {
    const ids = all.filter((id) => !this.reused.has(id));
    const dialogs = [...this.dialogs.values()].filter(({ request }) => !this.reused.has(request.id));
    const open = dialogs.filter(({ request }) => ids.includes(request.id));
    expect(open.map(({ request }) => request.id)).toEqual(ids);
    for (const { request } of dialogs)
      if (!ids.includes(request.id))
        expect(dialogTimeout(request), `${request.id} in the hello`).toBeLessThan(NEVER);
  }

  /** Check a replay (what came between the hello and the marker) against the model. */
  checkReplay(replay: readonly string[], kitJoined: boolean): void {
    const fixed = [
      ...this.statuses.values(),
      ...this.widgets.values(),
      ...(this.title === undefined ? [] : [this.title]),
      ...this.models.values(),
      ...[...this.logins.values()].flatMap(({ page, code, messages }) => [
        ...(page === undefined ? [] : [page]),
        ...(code === undefined ? [] : [code]),
        ...messages,
      ]),
    ];
    // A device code's time left is what remains of it.
    const untimed = (line: string) => line.replace(/"expiresInSeconds":[0-9.e+-]+/, '"expiresInSeconds":0');
    expect(replay.slice(0, fixed.length).map(untimed)).toEqual(fixed.map(untimed));
    const reused = (line: string) => {
      const value = dialogOf(line)?.request;
      return value !== undefined && this.reused.has(value.id) && line !== this.bad.get(value.id);
    };
    const rest = replay.slice(fixed.length).filter((line) => !reused(line));
    let i = 0;
    for (const { text, request, raw } of this.dialogs.values()) {
      if (this.reused.has(request.id)) continue;
      const got = rest[i];
      const timeout = dialogTimeout(request);
      if (timeout === undefined) {
        expect(got, `replay of ${request.id}`).toBe(text);
        i++;
        continue;
      }
      const value = got === undefined ? undefined : (JSON.parse(got) as Record<string, unknown>);
      // (The line of a dialog with bad fields under the same id, replayed last, is not this one.)
      if (value?.id === request.id && got !== this.bad.get(request.id)) {
        expect({ ...value, timeout: 0 }).toEqual({ ...raw, timeout: 0 });
        expect(value.timeout).toBeGreaterThan(0);
        expect(value.timeout).toBeLessThanOrEqual(Math.ceil(timeout));
        i++;
      } else {
        // Only a dialog that can have timed out may be missing.
        expect(timeout, `replay of ${request.id}`).toBeLessThan(NEVER);
      }
    }
    // Then the dialogs with bad fields nobody answered, nothing else. A kit tab cancels each one
    // it gets, and its answer may reach the hub after the last sync: then one may be missing.
    const bad = [...this.bad.values()];
    if (kitJoined) expect(bad.filter((line) => rest.slice(i).includes(line))).toEqual(rest.slice(i));
    else expect(rest.slice(i), 'then the dialogs with bad fields, nothing else').toEqual(bad);
  }
}

describe('fuzz: the bridge hub in process', () => {
  let wss: WebSocketServer;
  let url: string;
  let current: AgentHub | undefined;

  beforeAll(async () => {
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: MAX_PAYLOAD });
    wss.on('connection', (socket) => current?.addTab(socket));
    await new Promise((resolve) => wss.once('listening', resolve));
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/rpc`;
  });

  afterAll(async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise((resolve) => wss.close(resolve));
  });

  it(
    'forwards each answer at most once, only for asked dialogs; replays what is open; garbage closes only its tab',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ controllers, steps }) => {
          const agent = new FakeAgent();
          const logs: string[] = [];
          const hub = new AgentHub({
            agent: agent as unknown as AgentProcess,
            label: 'fuzz',
            commands: commandAllowList(['fuzz_sync']),
            log: (m) => logs.push(m),
          });
          current = hub;
          const ledger = new Ledger();
          const model = new TableModel();
          let marks = 0;
          let observed = 0;
          agent.transport.on('message', (message) => {
            observed++;
            ledger.observe(message.text);
            model.observe(message.text);
          });
          const stdin = () => readStdin(agent.stdinBytes);
          /** Wait until the agent has read what every tab sent so far; apply the answers to the model. */
          const sync = async (tabs: readonly Tab[]) => {
            // A tab that left or was refused: the hub has read all it sent once it has let it go.
            const alive = tabs.filter((x) => x.alive).length;
            await until('the hub to let closed tabs go', () => (hub.tabCount === alive ? true : undefined));
            for (const t of tabs.filter((x) => x.alive)) {
              const id = `sync-${marks++}`;
              if (t instanceof ControllerTab) t.controller.send({ type: 'fuzz_sync', id });
              else t.send(JSON.stringify({ type: 'fuzz_sync', id }));
              await until('the sync', () => (stdin().some((l) => l.value?.id === id) ? true : undefined));
            }
            for (const { value } of stdin())
              if (value?.type === 'extension_ui_response') model.answered(value.id as string);
          };
          /**
           * The agent writes a marker line; wait until `tab` has it; return what came before,
           * without the line the marker's own `\n` may have ended (it comes live, not replayed).
           */
          const mark = async (t: Tab, from: number) => {
            const marker = JSON.stringify({ type: 'fuzz_marker', n: marks++ });
            const before = observed;
            await agent.write(utf8(`\n${marker}\n`));
            const end = await until('the marker', () => {
              const index = t.texts.indexOf(marker);
              return index < 0 ? undefined : index;
            });
            return t.texts.slice(from, end - (observed - before - 1));
          };
          let all: Tab[] = [];
          const opened: Tab[] = [];
          const onJoin = async (t: Tab) => {
            all.push(t);
            if (!(t instanceof ScriptedTab)) return;
            await sync(all);
            const replay = await mark(t, 1);
            const hello = JSON.parse(t.texts[0] ?? '') as { dialogs: string[] };
            expect(hello).toEqual({
              type: 'rpc_ui_hello',
              agent: 'fuzz',
              session: expect.stringMatching(/^[0-9a-f-]{36}$/),
              process: expect.stringMatching(/^[0-9a-f-]{36}$/),
              history: true,
              running: true,
              dialogs: hello.dialogs,
              statuses: [...model.statuses.keys()],
              widgets: [...model.widgets.keys()],
            });
            model.checkHello(hello.dialogs);
            model.checkReplay(
              replay,
              all.some((x) => x instanceof ControllerTab),
            );
          };
          try {
            const { tabs } = await drive(steps, controllers, {
              url,
              origin: 'http://127.0.0.1',
              ledger,
              write: (bytes) => agent.write(bytes),
              tabs: opened,
              beforeJoin: () => agent.write(utf8('\n')),
              onJoin,
            });
            all = tabs;
            // Everything the tabs sent has arrived; the live tabs still get the agent's output.
            await sync(tabs);
            const alive = tabs.filter((t) => t.alive);
            for (const t of alive) await mark(t, 0);
            // A tab joining now gets exactly what is still open.
            await agent.write(utf8('\n'));
            const late = new ScriptedTab(url, 'http://127.0.0.1');
            opened.push(late);
            await late.ready();
            await until('the late tab', () => (hub.tabCount === alive.length + 1 ? true : undefined));
            model.checkReplay(
              await mark(late, 1),
              tabs.some((x) => x instanceof ControllerTab),
            );
            alive.push(late);
            // The agent exits: every tab is told, with the dialogs it left open; what tabs send
            // afterwards goes nowhere.
            const open = new Set(model.dialogs.keys());
            // (An id asked again with another question may be open at the bridge, whatever the model says.)
            const maybeOpen = new Set([...open, ...model.reused]);
            agent.end();
            await hub.ended;
            late.send(JSON.stringify({ type: 'prompt', message: 'after the exit' }));
            for (const id of open)
              late.send(JSON.stringify({ type: 'extension_ui_response', id, cancelled: true }));
            for (const t of alive) {
              if (!(t instanceof ScriptedTab)) continue;
              const exit = await until('the exit', () => {
                const index = t.texts.findIndex((text) => text.startsWith('{"type":"rpc_ui_agent_exit"'));
                return index < 0 ? undefined : index;
              });
              // The bridge writes the exit and every dialog it closes in one go: all of them have
              // arrived once a ping sent now is answered.
              await pong(t.socket);
              const closed = t.texts
                .slice(exit + 1)
                .map((text) => JSON.parse(text) as { id: string; reason: string });
              for (const c of closed) {
                expect(c.reason).toBe('agent-exit');
                expect(maybeOpen.has(c.id), `${c.id} was open`).toBe(true);
              }
              const ids = closed.map((c) => c.id);
              for (const id of open) {
                const request = model.dialogs.get(id)?.request;
                if (request && lasts(request) && !model.reused.has(id))
                  expect(ids, `${id} closed at exit`).toContain(id);
              }
            }
            await closeAll([...tabs, late]);
            await until('the hub to forget its tabs', () => (hub.tabCount === 0 ? true : undefined));
            // What the agent read.
            ledger.check(stdin());
          } finally {
            for (const t of opened) t.close();
            agent.end();
            current = undefined;
          }
        }),
        fuzzParameters(100, fuzzTimeout(40_000)),
      );
    },
    fuzzTimeout(45_000),
  );
});

// ---------------------------------------------------------------------------------------------
// 2. End to end

/** The agent: writes what `fuzz_emit` lines carry, logs its stdin byte for byte, exits on EOF. */
const AGENT_SCRIPT = `
const fs = require('node:fs');
const log = process.env.FUZZ_STDIN_LOG;
let buffered = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  fs.appendFileSync(log, chunk);
  buffered = Buffer.concat([buffered, chunk]);
  for (let nl = buffered.indexOf(10); nl >= 0; nl = buffered.indexOf(10)) {
    const line = buffered.subarray(0, nl).toString('utf8');
    buffered = buffered.subarray(nl + 1);
    let value;
    try { value = JSON.parse(line); } catch { continue; }
    if (value && value.type === 'fuzz_emit') process.stdout.write(Buffer.from(value.data, 'base64'));
  }
});
process.stdin.on('end', () => process.exit(0));
`;

describe('fuzz: the bridge end to end', () => {
  it(
    'survives hostile agent output and hostile tabs; the agent reads only well-formed lines, one answer per dialog',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rpc-ui-fuzz-'));
      const log = join(dir, 'stdin.log');
      const logs: string[] = [];
      const bridge = await startBridge({
        port: 0,
        agent: {
          command: process.execPath,
          args: ['-e', AGENT_SCRIPT],
          env: { ...process.env, FUZZ_STDIN_LOG: log },
        },
        maxPayload: MAX_PAYLOAD,
        log: (m) => logs.push(m),
      });
      const base = `http://127.0.0.1:${bridge.port}`;
      const socketUrl = `ws://127.0.0.1:${bridge.port}/rpc?token=${bridge.token}`;
      const ledger = new Ledger();
      bridge.agent.transport.on('message', (message) => ledger.observe(message.text));
      let run = 0;
      try {
        await fc.assert(
          fc.asyncProperty(scenario, async ({ controllers, steps }) => {
            // Ids of this run only: the bridge keeps its state from one run to the next.
            const prefix = `r${run++}-`;
            const opened: Tab[] = [];
            const own = (bytes: Uint8Array) =>
              Buffer.from(Buffer.from(bytes).toString('latin1').replaceAll('id-', prefix), 'latin1');
            try {
              const { tabs } = await drive(steps, controllers, {
                url: socketUrl,
                origin: base,
                ledger,
                tabs: opened,
                write: async (bytes) => {
                  bridge.agent.transport.send({ type: 'fuzz_emit', data: own(bytes).toString('base64') });
                  // Pacing, so the agent's output interleaves with the tabs' steps; what the tabs
                  // must get is waited for below (the marker), not timed.
                  await sleep(1);
                },
              });
              // End the run's output on a line of its own; every live tab still follows the agent.
              const marker = JSON.stringify({ type: 'fuzz_marker', run });
              bridge.agent.transport.send({
                type: 'fuzz_emit',
                data: Buffer.from(`\n${marker}\n`).toString('base64'),
              });
              for (const t of tabs.filter((x) => x.alive))
                await until('the marker', () => (t.texts.includes(marker) ? true : undefined));
            } finally {
              await closeAll(opened);
            }
          }),
          fuzzParameters(40, fuzzTimeout(30_000)),
        );
        // The bridge still serves a tab.
        const last = new ScriptedTab(socketUrl, base);
        await last.ready();
        expect(JSON.parse(last.texts[0] ?? '')).toMatchObject({ type: 'rpc_ui_hello', running: true });
        last.close();
      } finally {
        await bridge.close();
      }
      expect(await bridge.agentExit).toMatchObject({ code: 0, signal: null });
      const lines = readStdin(readFileSync(log));
      rmSync(dir, { recursive: true, force: true });
      ledger.check(lines);
      // Tabs misbehave on purpose (garbage; commands a page may not send; answers to a repeated
      // id's later request, which may not fit the dialog the agent asked first) or answer late:
      // the bridge logs those, nothing else.
      const expected =
        /a tab was disconnected|a tab's connection failed|refused a tab's command|does not fit its dialog|after the dialog timed out|not valid JSON/;
      expect(logs.filter((m) => !expected.test(m))).toEqual([]);
    },
    fuzzTimeout(45_000),
  );
});

// ---------------------------------------------------------------------------------------------
// Regressions found by fuzzing

describe('the bridge’s table (found by fuzzing)', () => {
  const line = (fields: Record<string, unknown>) =>
    InboundMessage.fromText(JSON.stringify({ type: 'extension_ui_request', ...fields }));

  it('keeps a dialog whose timeout does not fit a 32-bit timer, and takes its answer', async () => {
    const table = new UiTable(systemClock);
    for (const [id, timeout] of [
      ['t31', 2 ** 31],
      ['t32', 2 ** 32 + 7],
      ['t53', 2 ** 53],
    ] as const)
      table.observe(line({ id, method: 'confirm', title: 't', message: 'm', timeout }));
    // The bug was Node's: a delay past 2^31 - 1 ms fires after 1 ms. A timer set later with a
    // longer delay fires after those, however busy the machine: order, not time, decides.
    await sleep(40);
    expect(table.pendingIds()).toEqual(['t31', 't32', 't53']);
    expect(table.claim({ id: 't31', confirmed: true })).toBe('first');
    expect(table.claim({ id: 't31', confirmed: true })).toBe('closed');
    table.clear();
  });

  it('still closes a dialog at its deadline, also when the timer fires early', () => {
    let now = 0;
    const timers: (() => void)[] = [];
    const early = {
      now: () => now,
      setTimeout: (callback: () => void) => timers.push(callback),
      clearTimeout: () => undefined,
    };
    const table = new UiTable(early);
    table.observe(line({ id: 'a', method: 'select', title: 't', options: ['x'], timeout: 100 }));
    now = 60;
    timers.shift()?.();
    expect(table.pendingIds()).toEqual(['a']);
    now = 100;
    timers.shift()?.();
    expect(table.pendingIds()).toEqual([]);
    expect(table.claim({ id: 'a', value: 'x' })).toBe('expired');
  });

  it('ignores a repeated question, open or closed, so the agent never gets a second answer to it', () => {
    const table = new UiTable(systemClock);
    const ask = (title: string) => table.observe(line({ id: 'd', method: 'input', title }));
    ask('first');
    ask('first');
    expect(table.replay()).toEqual([
      JSON.stringify({ type: 'extension_ui_request', id: 'd', method: 'input', title: 'first' }),
    ]);
    expect(table.claim({ id: 'd', value: 'typed' })).toBe('first');
    ask('first');
    expect(table.pendingIds()).toEqual([]);
    expect(table.claim({ id: 'd', value: 'typed' })).toBe('closed');
  });

  it('takes another question under a used id for another question, open or closed (as the kit does)', () => {
    const table = new UiTable(systemClock);
    const ask = (title: string) => table.observe(line({ id: 'd', method: 'input', title }));
    ask('first');
    ask('another while open');
    expect(table.replay()).toEqual([
      JSON.stringify({ type: 'extension_ui_request', id: 'd', method: 'input', title: 'another while open' }),
    ]);
    expect(table.claim({ id: 'd', value: 'typed' })).toBe('first');
    ask('another after the answer');
    expect(table.pendingIds()).toEqual(['d']);
    expect(table.claim({ id: 'd', value: 'typed again' })).toBe('first');
    expect(table.claim({ id: 'd', value: 'twice' })).toBe('closed');
  });
});
