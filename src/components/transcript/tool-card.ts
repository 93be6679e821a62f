/**
 * A tool call as a card in the conversation (docs/elements.md, "Tool calls"): its state in words,
 * the tool and what it acts on in its header, and what it did drawn by the kind of tool: a
 * command's output in its colours, an edit's diff, a written file's content highlighted, a read's
 * lines, a search's results as a list, any other tool's arguments and result. Agent text is text.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ToolEntry } from '../../controller/transcript/entries.js';
import {
  exitCode,
  readRange,
  type ToolKind,
  type ToolState,
  toolArgs,
  toolKind,
  toolState,
  toolSubject,
} from '../../controller/transcript/tool-call.js';
import { type DiffLine, editDiff } from '../../controller/transcript/tool-diff.js';
import { ansiText } from '../ansi-text/ansi-text.js';
import type { CopyWords } from '../markdown/copy-button.js';
import { codeBlockOf } from '../markdown/markdown-blocks.js';
import { messageImages } from './message-images.js';
import { format } from '../strings/format.js';
import { agentText, type TranscriptText } from './transcript-text.js';

/** What a card needs of the conversation around it. */
export interface ToolCardView {
  readonly text: TranscriptText;
  readonly copy: CopyWords;
  /** The person asked to see the whole of this call's output. */
  readonly expanded: boolean;
  /** Show the whole output of the call `id`; `button` was pressed for it. */
  readonly showAll: (id: string, button: HTMLElement) => void;
}

/** Lines of an output shown before "Show all": a command's last, a read's or a list's first. */
export const SHOWN_LINES = 30;

/** Lines of a failed call's error shown outside its card's disclosure: its last, where it says why. */
const ERROR_LINES = 6;

const GLYPHS: Readonly<Record<ToolState, string>> = { running: '…', done: '✓', failed: '✕', blocked: '⊘' };

/** The card of the tool call `entry`. */
export function toolCard(entry: ToolEntry, view: ToolCardView): TemplateResult {
  const { text } = view;
  const kind = toolKind(entry.name);
  const args = toolArgs(entry.args);
  const state = toolState(entry);
  const words = {
    running: text.transcriptToolRunning,
    done: text.transcriptToolDone,
    failed: text.transcriptToolFailed,
    blocked: text.transcriptToolBlocked,
  }[state];
  const error =
    (state === 'failed' || state === 'blocked') && entry.result ? lastLines(entry.result, ERROR_LINES) : '';
  return html`<li class="entry tool ${state}" part="entry tool">
    <details part="tool-details">
      <summary>
        <span class="state" part="tool-state"><span class="glyph" aria-hidden="true">${GLYPHS[state]}</span>
          ${format(words, { tool: entry.name })}</span>
        <span class="name">${entry.name}</span>
        ${header(entry, kind, args, text)}
      </summary>
      <div class="tool-body">${body(entry, kind, args, view)}${messageImages(entry.images, imageText(entry, kind, args, text), text)}</div>
    </details>
    ${error ? html`<p class="tool-error" part="tool-error">${ansiText(error, agentText(text))}</p>` : nothing}
  </li>`;
}

/** The text of an image the call answered with: the file a read read, or the tool. */
function imageText(
  entry: ToolEntry,
  kind: ToolKind,
  args: Readonly<Record<string, unknown>>,
  text: TranscriptText,
) {
  const path = kind === 'read' ? toolSubject(kind, args) : undefined;
  return path
    ? format(text.transcriptImageRead, { path })
    : format(text.transcriptImageFrom, { tool: entry.name });
}

/** What the call acts on, and for a command how it ended, or for a read which lines. */
function header(
  entry: ToolEntry,
  kind: ToolKind,
  args: Readonly<Record<string, unknown>>,
  text: TranscriptText,
): unknown[] {
  const subject = toolSubject(kind, args);
  // Each after a space: a screen reader reads the header as one line of words.
  const parts: unknown[] = [];
  // A heredoc's body, or the rest of a long line, is in the card, not its header.
  if (subject) parts.push(html` <code class="subject">${headline(subject)}</code>`);
  if (kind === 'read') {
    const range = readRange(args);
    if (range)
      parts.push(
        html` <span class="range">${
          range.to === undefined
            ? format(text.transcriptToolLinesFrom, { from: range.from })
            : format(text.transcriptToolLines, { from: range.from, to: range.to })
        }</span>`,
      );
  }
  if (kind === 'shell' && !entry.running) {
    const code = exitCode(entry.result, entry.details, entry.isError);
    if (code !== undefined && code !== 0)
      parts.push(html` <span class="exit">${format(text.transcriptToolExit, { code })}</span>`);
  }
  return parts;
}

function body(
  entry: ToolEntry,
  kind: ToolKind,
  args: Readonly<Record<string, unknown>>,
  view: ToolCardView,
): unknown {
  const result = entry.result ?? '';
  switch (kind) {
    case 'shell': {
      const command = typeof args.command === 'string' ? args.command : '';
      // The whole command, when the header holds less of it.
      return html`${headline(command) !== command ? html`<pre class="command">${command}</pre>` : nothing}
      ${result ? output(entry, result, 'last', view) : nothing}`;
    }
    case 'edit': {
      const diff = editDiff(entry.details);
      return diff ? diffLines(diff, view.text) : otherTool(entry, args, view);
    }
    case 'write': {
      const path = typeof args.path === 'string' ? args.path : '';
      const content = typeof args.content === 'string' ? args.content : undefined;
      if (content === undefined) return otherTool(entry, args, view);
      // Its language from its extension, which most of the highlighter's names take (`ts`, `py`).
      const language = /\.([a-z0-9+]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
      return html`<div class="markdown">${codeBlockOf(content, language, { copy: view.copy, open: entry.running })}</div>`;
    }
    case 'read':
      return result ? output(entry, result, 'first', view) : nothing;
    case 'search':
    case 'list':
      return result ? resultList(entry, result, view) : nothing;
    default:
      return otherTool(entry, args, view);
  }
}

/** A long text's first or last {@link SHOWN_LINES} lines, and a button that shows them all. */
function output(
  entry: ToolEntry,
  result: string,
  keep: 'first' | 'last',
  view: ToolCardView,
): TemplateResult {
  const lines = result.replace(/\n$/, '').split('\n');
  const cut = !view.expanded && lines.length > SHOWN_LINES;
  const shown = !cut
    ? result
    : (keep === 'last' ? lines.slice(-SHOWN_LINES) : lines.slice(0, SHOWN_LINES)).join('\n');
  const more = cut ? showAll(entry, lines.length, view) : nothing;
  // Focusable: it scrolls, and a keyboard scrolls only what it can focus.
  return html`${keep === 'last' ? more : nothing}<pre class="output" tabindex="0">${ansiText(shown, agentText(view.text))}</pre>${
    keep === 'first' ? more : nothing
  }`;
}

/** A search's or a listing's lines, each an item; long ones cut as {@link output} cuts. */
function resultList(entry: ToolEntry, result: string, view: ToolCardView): TemplateResult {
  const lines = result.replace(/\n$/, '').split('\n');
  // One line is a sentence ("No matches found"), not a list of one.
  if (lines.length === 1) return html`<p class="result">${ansiText(result, agentText(view.text))}</p>`;
  const shown = view.expanded ? lines : lines.slice(0, SHOWN_LINES);
  return html`<ul class="results" tabindex="-1">
      ${shown.map((line) => html`<li>${ansiText(line, agentText(view.text))}</li>`)}
    </ul>
    ${shown.length < lines.length ? showAll(entry, lines.length, view) : nothing}`;
}

function showAll(entry: ToolEntry, count: number, view: ToolCardView): TemplateResult {
  return html`<button type="button" class="show-all" part="tool-show-all" @click=${(event: Event) => view.showAll(entry.id, event.currentTarget as HTMLElement)}>
    ${format(view.text.transcriptToolShowAll, { count }, view.text.locale)}
  </button>`;
}

/** An edit's diff: each line with its numbers before and after, said as added or removed. */
function diffLines(lines: readonly DiffLine[], text: TranscriptText): TemplateResult {
  return html`<div class="diff" part="tool-diff" tabindex="0">
    ${lines.map((line) => {
      if (line.kind === 'gap') return html`<div class="gap" aria-hidden="true">⋯</div>`;
      const said =
        line.kind === 'added'
          ? text.transcriptDiffAdded
          : line.kind === 'removed'
            ? text.transcriptDiffRemoved
            : '';
      return html`<div class="line ${line.kind}"><span class="number">${line.oldLine ?? ''}</span><span class="number"
          >${line.newLine ?? ''}</span
        ><span class="sign" aria-hidden="true">${SIGNS[line.kind]}</span>${
          said ? html`<span class="visually-hidden">${said} </span>` : nothing
        }<span class="code">${line.text}</span></div>`;
    })}
  </div>`;
}

const SIGNS = { added: '+', removed: '−', context: ' ' } as const;

/** Any other tool: its arguments by name, then its result, JSON laid out. */
function otherTool(
  entry: ToolEntry,
  args: Readonly<Record<string, unknown>>,
  view: ToolCardView,
): TemplateResult {
  const { text } = view;
  const names = Object.keys(args);
  return html`${
    names.length > 0
      ? html`<h3>${text.transcriptToolArgs}</h3>
          <dl class="args">
            ${names.map((name) => html`<dt>${name}</dt><dd><pre>${argValue(args[name])}</pre></dd>`)}
          </dl>`
      : entry.args && entry.args !== '{}'
        ? html`<h3>${text.transcriptToolArgs}</h3><pre>${entry.args}</pre>`
        : nothing
  }
  ${
    entry.result
      ? html`<h3>${text.transcriptToolResult}</h3>
          <pre class="output" tabindex="0">${ansiText(laidOut(entry.result), agentText(text))}</pre>`
      : nothing
  }`;
}

/** A value as the person reads it: a string as it is, anything else as indented JSON. */
const argValue = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));

/** A result that is a JSON object or array, indented; any other text as it is. */
function laidOut(result: string): string {
  const trimmed = result.trim();
  if (!/^[[{]/.test(trimmed)) return result;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return result;
  }
}

/** Characters of what a call acts on its header holds: a screen reader reads the header whole. */
const HEADLINE = 100;

/** What a call acts on, as its header holds it: its first line, cut at {@link HEADLINE}. */
function headline(value: string): string {
  const end = value.indexOf('\n');
  const line = end === -1 ? value : value.slice(0, end);
  return line.length > HEADLINE ? `${line.slice(0, HEADLINE)}…` : end === -1 ? line : `${line} …`;
}

function lastLines(value: string, count: number): string {
  const lines = value.trimEnd().split('\n');
  return lines.length <= count ? lines.join('\n') : `…\n${lines.slice(-count).join('\n')}`;
}
