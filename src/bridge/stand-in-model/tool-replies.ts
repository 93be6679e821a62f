/**
 * The stand-in model's tool calls that show what the conversation draws of them: a write, a read
 * and an edit of a real file in the agent's folder, each in the arguments the agent's own tool
 * takes (read from the tools the request offers: pi's `edits`, oh-my-pi's and atomic's hashline
 * `input`, oh-my-pi's `old_string`), and a picture drawn there and read back as an image. A prompt
 * starts a run of calls; each tool result the agent sends back moves it one step on. Node only.
 */

/** A tool the agent offers the model: its description and its arguments' names. */
export interface OfferedTool {
  readonly description: string;
  readonly parameters: readonly string[];
}

/** One step of a run: a call of the agent's tool, or the words that end the run. */
export type ToolStep =
  | { readonly toolCall: { readonly name: string; readonly arguments: Record<string, unknown> } }
  | { readonly text: string };

import { picturePng } from './picture.js';

/** The file the stand-in writes, reads and edits, in the agent's folder. */
export const NOTES_FILE = 'stand-in-notes.md';

const WRITTEN = 'Written by the stand-in model.';
const EDITED = 'Edited by the stand-in model.';
const NOTES = `# Notes\n\n${WRITTEN}\nAsked to edit a file, it changes the line above.\n`;
/** The line of {@link NOTES} an edit changes. */
const EDITED_LINE = 3;

const write: ToolStep = { toolCall: { name: 'write', arguments: { path: NOTES_FILE, content: NOTES } } };
const read: ToolStep = { toolCall: { name: 'read', arguments: { path: NOTES_FILE } } };

/** `[stand-in-notes.md#1a2b]`: the snapshot tag a hashline agent's read names its file with. */
const TAG = /\[([^\]#\n]*stand-in-notes\.md)#([0-9a-z]+)\]/i;

/** The edit of line 3, in the arguments the agent's `edit` takes; undefined when it offers none. */
function edit(tools: Readonly<Record<string, OfferedTool>>, readOutput: string): ToolStep {
  const offered = tools.edit;
  const parameters = offered?.parameters ?? [];
  if (!offered) return { text: 'This agent offers the model no edit tool.' };
  if (parameters.includes('edits'))
    return {
      toolCall: {
        name: 'edit',
        arguments: { path: NOTES_FILE, edits: [{ oldText: WRITTEN, newText: EDITED }] },
      },
    };
  if (parameters.includes('old_string'))
    return {
      toolCall: { name: 'edit', arguments: { path: NOTES_FILE, old_string: WRITTEN, new_string: EDITED } },
    };
  const tagged = TAG.exec(readOutput);
  if (!parameters.includes('input') || !tagged)
    return { text: `The stand-in cannot write this agent's edit (its arguments: ${parameters.join(', ')}).` };
  const section = `[${tagged[1]}#${tagged[2]}]`;
  // oh-my-pi's hashline patches say `PUT N.=M:`; atomic's `replace N..M:`.
  const input = offered.description.includes('PUT ')
    ? `*** Begin Patch\n${section}\nPUT ${EDITED_LINE}.=${EDITED_LINE}:\n+${EDITED}\n*** End Patch`
    : `${section}\nreplace ${EDITED_LINE}..${EDITED_LINE}:\n+${EDITED}`;
  return { toolCall: { name: 'edit', arguments: { input } } };
}

/** The PNG the stand-in draws into the agent's folder and reads back, as an image the model sees. */
export const PICTURE_FILE = 'stand-in-picture.png';

/** A command every agent's shell runs: the picture, decoded from base64 into its file. */
const drawPicture: ToolStep = {
  toolCall: {
    name: 'bash',
    arguments: { command: `printf '%s' '${picturePng().toString('base64')}' | base64 -d > ${PICTURE_FILE}` },
  },
};

/** The runs, by the prompt that starts them: each step given the results so far (oldest first). */
const RUNS: readonly {
  readonly prompt: RegExp;
  readonly step: (results: readonly string[], tools: Readonly<Record<string, OfferedTool>>) => ToolStep;
}[] = [
  {
    prompt: /\bwrite a file\b/i,
    step: (results) =>
      results.length === 0 ? write : { text: `I wrote ${NOTES_FILE} in the agent's folder.` },
  },
  {
    prompt: /\bread a file\b/i,
    step: (results) =>
      results.length === 0 ? read : { text: `I read ${NOTES_FILE}: ${results[0]?.trim() || '(nothing)'}` },
  },
  {
    prompt: /\bshow me an image\b/i,
    step: (results) =>
      [drawPicture, { toolCall: { name: 'read', arguments: { path: PICTURE_FILE } } }][results.length] ?? {
        text: `I drew ${PICTURE_FILE} in the agent's folder and read it back: a sun over a hill.`,
      },
  },
  {
    prompt: /\bedit a file\b/i,
    step: (results, tools) =>
      [write, read][results.length] ??
      (results.length === 2
        ? edit(tools, results[1] ?? '')
        : { text: `I wrote ${NOTES_FILE}, read it, and changed its line ${EDITED_LINE}.` }),
  },
];

/** Prompts that start a run of tool calls (docs/models.md lists them). */
export const TOOL_PROMPTS = ['write a file', 'read a file', 'edit a file', 'show me an image'] as const;

/**
 * The next step of the run `prompt` starts, given the tool results since it (oldest first) and the
 * tools the agent offers; undefined when `prompt` starts none.
 */
export function toolStep(
  prompt: string,
  results: readonly string[],
  tools: Readonly<Record<string, OfferedTool>>,
): ToolStep | undefined {
  return RUNS.find((run) => run.prompt.test(prompt))?.step(results, tools);
}
