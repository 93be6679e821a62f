/**
 * A tab's answer to one of the agent's dialogs, judged against the bridge's table: the first
 * answer that fits goes to the agent and closes the dialog in the other tabs; one that comes too
 * late is told so; one to a question never asked, or that does not fit, is dropped and logged.
 * Node only.
 */
import type { BridgeDialogClosed } from '../protocol/bridge.js';
import { BoundedSet } from '../shared/bounded.js';
import type { UiTable } from './ui-table.js';

/** What becomes of one answer. */
export interface AnswerVerdict {
  /** The answer goes to the agent. */
  readonly toAgent: boolean;
  /** A line for the tab that answered. */
  readonly toTab?: string;
  /** A line for every other tab. */
  readonly toOthers?: string;
  /** A line for the bridge's log. */
  readonly log?: string;
}

const closedLine = (id: string, reason: BridgeDialogClosed['reason']) =>
  JSON.stringify({ type: 'rpc_ui_dialog_closed', id, reason } satisfies BridgeDialogClosed);

/** The answers of the tabs to one agent process's (or conversation's) dialogs. */
export class TabAnswers {
  /** The dialogs each tab answered first (lately): its own answer sent again is not news to it. */
  readonly #won = new WeakMap<object, BoundedSet<string>>();

  /** Judge `tab`'s answer to dialog `response.id` against `table` (which it closes when first). */
  judge(
    tab: object,
    response: Readonly<Record<string, unknown>> & { readonly id: string },
    table: UiTable,
  ): AnswerVerdict {
    const { id } = response;
    const claim = table.claim(response);
    if (claim === 'expired' || (claim === 'closed' && !this.#won.get(tab)?.has(id))) {
      // Too late: the tab believes it answered. Tell it, even if it was told when the first
      // answer came (it may have been away then; the kit says it once).
      return {
        toAgent: false,
        toTab: closedLine(id, claim === 'closed' ? 'answered' : 'expired'),
        ...(claim === 'expired'
          ? {
              log: `rpc-ui: dropped a tab's answer to "${id.slice(0, 80)}", which came after the dialog timed out.`,
            }
          : {}),
      };
    }
    if (claim === 'not-asked')
      return {
        toAgent: false,
        log: `rpc-ui: dropped a tab's answer to "${id.slice(0, 80)}", which the agent did not ask.`,
      };
    // The kit never sends one (it keeps the first request of a repeated id, as the bridge does);
    // the dialog stays open for an answer that fits.
    if (typeof claim === 'object')
      return {
        toAgent: false,
        log: `rpc-ui: dropped a tab's answer that does not fit its dialog: ${claim.invalid}`,
      };
    if (claim === 'closed') return { toAgent: false }; // the tab's own answer again
    if (claim !== 'first') return { toAgent: true };
    const won = this.#won.get(tab) ?? new BoundedSet<string>(1000);
    won.add(id);
    this.#won.set(tab, won);
    return { toAgent: true, toOthers: closedLine(id, 'answered') };
  }
}
