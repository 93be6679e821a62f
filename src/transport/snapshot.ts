import * as z from 'zod/mini';
import { parseRequest } from '../protocol/parse.js';
import type { DialogRequest } from '../protocol/types.js';
import { isDialogRequest } from '../protocol/types.js';
import type { NotificationEntry, StatusEntry, WidgetEntry } from './state.js';

/** A saved dialog: its request, how long ago it arrived, and the time it had left. */
export interface DialogSnapshot {
  readonly request: DialogRequest;
  readonly ageMs: number;
  /** `null` when it never times out. */
  readonly remainingMs: number | null;
}

/** The controller's state as plain JSON, for `sessionStorage` or VS Code's `setState`. */
export interface ControllerSnapshot {
  readonly version: 1;
  readonly dialogs: readonly DialogSnapshot[];
  readonly statuses: readonly StatusEntry[];
  readonly widgets: readonly WidgetEntry[];
  readonly title?: string;
  readonly editorText?: string;
  readonly notifications: readonly NotificationEntry[];
  /** Ids of dialogs already answered or closed, so a replay does not reopen them. */
  readonly closedIds: readonly string[];
}

const placement = z.enum(['aboveEditor', 'belowEditor']);
const shape = z.object({
  version: z.literal(1),
  dialogs: z.array(
    z.object({ request: z.unknown(), ageMs: z.number(), remainingMs: z.nullable(z.number()) }),
  ),
  statuses: z.array(z.object({ key: z.string(), text: z.string() })),
  widgets: z.array(z.object({ key: z.string(), lines: z.array(z.string()), placement })),
  title: z.optional(z.string()),
  editorText: z.optional(z.string()),
  notifications: z.array(
    z.object({
      id: z.string(),
      message: z.string(),
      notifyType: z.enum(['info', 'warning', 'error']),
      time: z.number(),
    }),
  ),
  closedIds: z.array(z.string()),
});

/**
 * Validate untrusted snapshot data (it may come from storage another version wrote).
 * @throws TypeError naming the first problem.
 */
export function readSnapshot(data: unknown): ControllerSnapshot {
  const result = shape.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new TypeError(
      `Not a controller snapshot: ${issue ? `${issue.path.join('.') || 'root'} is invalid` : 'unknown shape'}.`,
    );
  }
  const dialogs = result.data.dialogs.map((dialog, index) => {
    const parsed = parseRequest(dialog.request, JSON.stringify(dialog.request));
    if (!parsed.ok || !isDialogRequest(parsed.request)) {
      throw new TypeError(`Not a controller snapshot: dialogs.${index}.request is not a dialog request.`);
    }
    return { request: parsed.request, ageMs: dialog.ageMs, remainingMs: dialog.remainingMs };
  });
  return { ...result.data, dialogs };
}
