import { html, nothing, type TemplateResult } from 'lit';
import { stripAnsi } from '../../protocol/ansi.js';
import type { BridgeAgentExit } from '../../protocol/bridge.js';
import { format } from '../strings/format.js';
import type { hostEnglish } from '../strings/host-strings.js';
import type { Strings } from '../strings/strings.js';

/**
 * The message shown once the agent has ended: how it ended, a button to start it again (only
 * when a bridge can, `restart` given), and its last stderr lines in a disclosure; worded in
 * `text`, of `locale`.
 */
export function renderAgentExit(
  exit: BridgeAgentExit,
  text: Strings<typeof hostEnglish>,
  locale: string,
  restart: ((event: Event) => void) | undefined,
): TemplateResult {
  const message =
    exit.code !== null
      ? format(text.agentExitedCode, { code: String(exit.code) })
      : exit.signal !== null
        ? format(text.agentExitedSignal, { signal: exit.signal })
        : text.agentExited;
  const lines = exit.stderr;
  return html`
    <div class="exit" part="exit">
      <p class="exit-message" part="exit-message">${message}</p>
      ${
        restart
          ? html`<button type="button" class="restart" part="restart" @click=${restart}>${text.restartAgent}</button>`
          : nothing
      }
      ${
        lines.length > 0
          ? html`<details class="exit-details" part="exit-details">
              <summary part="exit-summary">${format(text.agentStderrSummary, { count: lines.length }, locale)}</summary>
              <pre class="stderr" part="stderr">${lines.map(stripAnsi).join('\n')}</pre>
            </details>`
          : nothing
      }
    </div>
  `;
}
