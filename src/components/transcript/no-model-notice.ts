import { html, nothing, type TemplateResult } from 'lit';
import type { AgentModels } from '../../controller/models.js';
import { ansiText } from '../ansi-text/ansi-text.js';
import { format } from '../strings/format.js';
import { agentText, type TranscriptText } from './transcript-text.js';

/**
 * What the conversation says where it would be when the agent has no model: the agent's words,
 * and what to do (sign in to a provider it offers, or add a model, with the host's help link).
 */
export function noModelNotice(
  models: AgentModels,
  text: TranscriptText,
  help: string | undefined,
): TemplateResult {
  const names = models.providers.length
    ? new Intl.ListFormat(text.locale, { type: 'disjunction' }).format(models.providers.map((p) => p.name))
    : '';
  return html`<div class="no-model" part="no-model">
    <p class="title">${text.transcriptNoModel}</p>
    <p class="text">${ansiText(models.fallback ?? text.transcriptNoModelReason, { ...agentText(text), lines: true })}</p>
    <p>${names ? format(text.transcriptNoModelSignIn, { providers: names }) : text.transcriptNoModelAdd}</p>
    ${!names && help ? html`<p><a href=${help} target="_blank" rel="noopener">${text.transcriptNoModelHelp}</a></p>` : nothing}
  </div>`;
}
