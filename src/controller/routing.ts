import { READY_TYPE, readReady, zeroTimeoutIsOver, type AgentIdentity } from '../protocol/agent.js';
import { parseRequest } from '../protocol/parse.js';
import type { InvalidRequestReport } from '../protocol/report.js';
import { cancelResponse } from '../protocol/responses.js';
import type { DialogRequest, ExtensionUIRequest, LoginRequest } from '../protocol/types.js';
import { DIALOG_METHODS, dialogTimeout, isDialogRequest, REQUEST_TYPE } from '../protocol/types.js';
import type { Emitter } from '../shared/emitter.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { OutboundMessage } from '../transport/transport.js';
import type { DialogQueue } from './dialog-queue.js';
import type { ControllerEvents } from './events.js';
import type { Logins } from './logins.js';
import type { NotificationEntry } from './types.js';
import type { UiState } from './ui-state.js';

/** What routing acts on: the controller's parts, its events and its way out. */
export interface RoutingTargets {
  readonly events: Emitter<ControllerEvents>;
  readonly queue: DialogQueue;
  readonly state: UiState;
  readonly logins: Logins;
  /** The agent at the other end, as far as it is known. */
  agent(): AgentIdentity | undefined;
  /** Say which agent this is. */
  useAgent(agent: AgentIdentity): void;
  /** Close a pending dialog the agent withdrew, with a note; an unknown id is ignored. */
  withdraw(id: string): void;
  /** Add a notification (the agent's, or a note) and tell it. */
  notify(entry: NotificationEntry): void;
  /** A new id for a note of the client's own. */
  noteId(): string;
  /** Close a pending dialog locally. */
  cancel(id: string): void;
  /** Send to the agent. @throws when the transport cannot take it */
  send(message: OutboundMessage): void;
  error(error: unknown): void;
}

const REPORT_RAW_LIMIT = 10_000;

function clip(raw: string): string {
  return raw.length > REPORT_RAW_LIMIT
    ? `${raw.slice(0, REPORT_RAW_LIMIT)}… (${raw.length} characters)`
    : raw;
}

/** A note's notification: `id` names it (a dialog's own id for its note). */
function noteEntry(id: string, note: NotificationEntry['note']): NotificationEntry {
  return { id, message: '', notifyType: 'error', time: Date.now(), note };
}

/** Whether a line that is not JSON was meant as JSON (it is an object's start, cut or broken). */
function meantAsJson(line: InboundMessage): boolean {
  return line.text.trimStart().startsWith('{');
}

/**
 * One line from the transport, on the hot path: only extension UI requests, and lines whose type
 * could not be read, are parsed; every other line goes to the host untouched (`message`). A line
 * that is not JSON at all is the agent's own output (oh-my-pi writes an extension's
 * `console.log` to stdout): `output`, never a note.
 */
export function routeLine(line: InboundMessage, to: RoutingTargets): void {
  const type = line.type;
  if (type === REQUEST_TYPE || type === undefined) {
    const parsed = line.parse();
    if (!parsed.ok && !type && !meantAsJson(line)) {
      to.events.emit('output', line.text);
      return;
    }
    if (!parsed.ok) {
      const what = type ? 'An extension UI request' : 'A line from the agent';
      const said = `${what} is not valid JSON (${parsed.error}); it was ignored.`;
      // A dialog among them would leave the agent waiting with nothing shown: the user is told.
      if (type) to.notify(noteEntry(to.noteId(), { kind: 'unreadable-request', error: parsed.error }));
      to.events.emit('invalid', { raw: clip(line.text), reason: 'malformed-json', message: said });
      return;
    }
    if (type) {
      routeRequest(parsed.value, line, to);
      return;
    }
  }
  if (type === READY_TYPE) {
    const parsed = line.parse();
    // Only oh-my-pi says `ready`; the bridge's hello may have named it already, with its version.
    if (parsed.ok && readReady(parsed.value) && to.agent()?.name !== 'omp') to.useAgent({ name: 'omp' });
  } else if (type === 'response' && to.logins.list.length > 0) to.logins.response(line);
  if (to.events.has('message')) to.events.emit('message', line);
}

function isLoginRequest(request: ExtensionUIRequest): request is LoginRequest {
  return (
    request.method === 'open_url' || request.method === 'oauth_device_code' || request.method === 'oauth_info'
  );
}

function routeRequest(value: unknown, line: InboundMessage, to: RoutingTargets): void {
  const result = parseRequest(value, line.text);
  if (!result.ok) {
    reject({ ...result.report, raw: clip(result.report.raw) }, to);
    return;
  }
  const request = result.request;
  to.events.emit('request', request);
  if (isDialogRequest(request)) receiveDialog(request, line, to);
  else if (request.method === 'cancel') to.withdraw(request.targetId);
  else if (request.method === 'oauth_manual_code_cancel') to.logins.withdrawManualCode(request.login);
  else if (isLoginRequest(request)) to.logins.apply(request);
  else {
    const entry = to.state.apply(request);
    if (entry) to.notify(entry);
  }
}

/**
 * A question: new, pending already (the bridge replays it: the earlier deadline wins), or closed
 * already (reported, never reopened). An id asked again with another question is another
 * question: whatever the first one left does not apply to it.
 */
function receiveDialog(request: DialogRequest, line: InboundMessage, to: RoutingTargets): void {
  const { id, method } = request;
  const { queue, events } = to;
  const timeout = dialogTimeout(request, zeroTimeoutIsOver(to.agent()));
  const asking = queue.asking(request);
  if (asking === 'pending') {
    queue.replayed(request, timeout);
    return;
  }
  if (asking === 'replacing') to.cancel(id);
  else if (asking === 'closed') {
    events.emit('invalid', {
      raw: clip(line.text),
      reason: 'duplicate-id',
      message: `A ${method} request with id "${id}" was already closed; the repeat was ignored.`,
      id,
      method,
    });
    events.emit('repeat', { request });
    return;
  }
  if (request.login) to.logins.asked(request.login);
  queue.ask(request, 0, timeout);
}

/**
 * Report a request that cannot be used. A dialog the agent waits on (a usable id, a dialog
 * method, bad fields) is answered `{cancelled: true}` once, or it would block the agent for good.
 */
function reject(report: InvalidRequestReport, to: RoutingTargets): void {
  const { id, method } = report;
  if (
    report.reason === 'invalid-fields' &&
    id &&
    method &&
    DIALOG_METHODS.has(method) &&
    !to.queue.knows(id)
  ) {
    to.queue.markClosed(id);
    try {
      to.send(cancelResponse(id));
    } catch (error) {
      to.error(error);
    }
    const fields = report.fields ?? [];
    report = { ...report, message: `${report.message} It was answered as cancelled.`, cancelled: true };
    to.notify(noteEntry(id, { kind: 'invalid-dialog', method, fields }));
  }
  to.events.emit('invalid', report);
}
