import * as z from 'zod/mini';
import { parseRequest } from '../protocol/parse.js';
import { lines, notifyType, number, text, widgetPlacement } from '../protocol/schema.js';
import type { DialogRequest } from '../protocol/types.js';
import { isDialogRequest } from '../protocol/types.js';
import type { ClosedQuestion, DialogQueue } from './dialog-queue.js';
import type { UiState } from './ui-state.js';
import type { NotificationEntry, StatusEntry, WidgetEntry } from './types.js';

/** A saved dialog: its request, how long ago it arrived, and the time it had left. */
export interface DialogSnapshot {
  readonly request: DialogRequest;
  readonly ageMs: number;
  /** `null` when it never times out. */
  readonly remainingMs: number | null;
  /** What the user had typed in it (an input's or editor's text), if anything. */
  readonly draft?: string;
}

/** The controller's state as plain JSON, for `sessionStorage` or VS Code's `setState`. */
export interface ControllerSnapshot {
  readonly version: 2;
  /** Wall-clock time of the snapshot (ms since the epoch): restore counts the time away. */
  readonly savedAt?: number;
  /** The agent process the dialogs and closed questions belong to (see `agentSession`). */
  readonly session?: string;
  readonly dialogs: readonly DialogSnapshot[];
  readonly statuses: readonly StatusEntry[];
  readonly widgets: readonly WidgetEntry[];
  readonly title?: string;
  readonly editorText?: string;
  readonly notifications: readonly NotificationEntry[];
  /** The questions already answered or closed, so a replay does not reopen them. */
  readonly closed: readonly ClosedQuestion[];
}

// Each dialog's `request` is read by parseRequest, below (not with z.unknown: one zod feature less
// in every page's bundle).
const note = z.union([
  z.object({
    kind: z.enum(['answered-elsewhere', 'answer-not-used', 'answer-too-late', 'withdrawn']),
    title: text,
  }),
  z.object({ kind: z.literal('unreadable-request'), error: text }),
  z.object({ kind: z.literal('invalid-dialog'), method: text, fields: z.array(text) }),
]);

const shape = z.object({
  // Version 1 tied closed questions to their ids alone: those are not taken back.
  version: z.union([z.literal(1), z.literal(2)]),
  savedAt: z.optional(number),
  session: z.optional(text),
  dialogs: z.array(z.object({ ageMs: number, remainingMs: z.nullable(number), draft: z.optional(text) })),
  statuses: z.array(z.object({ key: text, text })),
  widgets: z.array(z.object({ key: text, lines, placement: widgetPlacement })),
  title: z.optional(text),
  editorText: z.optional(text),
  notifications: z.array(
    z.object({ id: text, message: text, notifyType, time: number, note: z.optional(note) }),
  ),
  closed: z.optional(z.array(z.object({ id: text, question: text }))),
});

const invalid = (what: string) => new TypeError(`Not a controller snapshot: ${what}.`);

/**
 * Validate untrusted snapshot data (it may come from storage another version wrote).
 * @throws TypeError naming the first problem.
 */
export function readSnapshot(data: unknown): ControllerSnapshot {
  const result = shape.safeParse(data);
  if (!result.success) throw invalid(`${result.error.issues[0]?.path.join('.') || 'root'} is invalid`);
  // The shape holds, so `dialogs` is an array of objects; zod left their requests out.
  const requests = (data as { readonly dialogs: readonly { readonly request?: unknown }[] }).dialogs;
  const dialogs = result.data.dialogs.map((dialog, index) => {
    const request = requests[index]?.request;
    const parsed = parseRequest(request, JSON.stringify(request));
    if (!parsed.ok || !isDialogRequest(parsed.request))
      throw invalid(`dialogs.${index}.request is not a dialog request`);
    return { ...dialog, request: parsed.request };
  });
  const { version: _version, closed = [], ...rest } = result.data;
  return { ...rest, version: 2, dialogs, closed };
}

/** The snapshot of a queue and a state at `now` (the queue's clock), for agent process `session`. */
export function takeSnapshot(
  now: number,
  session: string | undefined,
  queue: DialogQueue,
  state: UiState,
): ControllerSnapshot {
  return {
    version: 2,
    savedAt: Date.now(),
    ...(session === undefined ? {} : { session }),
    dialogs: queue.pending.map(({ request, receivedAt, deadline }) => ({
      request,
      ageMs: now - receivedAt,
      remainingMs: deadline === undefined ? null : Math.max(0, deadline - now),
      draft: queue.draft(request.id),
    })),
    // These arrays are never changed in place: a new one replaces each.
    statuses: state.statuses,
    widgets: state.widgets,
    title: state.title,
    editorText: state.editorText,
    notifications: state.notifications,
    closed: queue.closed(),
  };
}

/**
 * Mark the snapshot's closed questions closed and open its dialogs again, less the wall-clock
 * time since it was taken; those pending or closed already are left as they are.
 */
function reopenDialogs(snapshot: ControllerSnapshot, queue: DialogQueue): void {
  const away = Math.max(0, Date.now() - (snapshot.savedAt ?? Date.now()));
  for (const { id, question } of snapshot.closed) queue.markClosed(id, question);
  for (const { request, ageMs, remainingMs, draft } of snapshot.dialogs)
    if (queue.asking(request) === 'new')
      queue.ask(request, ageMs + away, remainingMs === null ? undefined : remainingMs - away, draft);
}

/**
 * Bring `snapshot` back into `queue` and `state`. Its dialogs open again only in a fresh
 * controller or one of the same agent process; the UI state comes back either way.
 * @returns the agent process named now (the snapshot's, when the controller was fresh)
 */
export function restoreSnapshot(
  snapshot: ControllerSnapshot,
  session: string | undefined,
  queue: DialogQueue,
  state: UiState,
): string | undefined {
  const fresh = session === undefined && queue.pending.length === 0;
  const named = fresh ? snapshot.session : session;
  if (named === snapshot.session) reopenDialogs(snapshot, queue);
  state.restore(snapshot);
  return named;
}
