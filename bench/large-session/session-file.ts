/**
 * A pi session of many messages, made from a real one: the session file pi 1.x wrote for one
 * prompt and its reply, its pair of entries repeated with ids and parents of their own, so that
 * pi opens it as it opens any session of its store. Node only.
 */
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = Record<string, unknown> & {
  readonly type?: string;
  readonly message?: { readonly role?: string };
};

const textPart = (text: string) => [{ type: 'text', text }];

/** Rewrite `file`, a session with one prompt and its reply, as one of `messages` messages. */
export function inflateSession(file: string, messages: number): void {
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Entry);
  const first = entries.findIndex((entry) => entry.type === 'message' && entry.message?.role === 'user');
  const prompt = entries[first];
  const reply = entries.find((entry, at) => at > first && entry.message?.role === 'assistant');
  if (first < 0 || prompt?.message?.role !== 'user' || !reply)
    throw new Error(`${file} holds no prompt and reply to repeat.`);
  // The header and what pi wrote before the first prompt (the model, the level, the system prompt).
  const out: Entry[] = entries.slice(0, first);
  let parent = (out.at(-1)?.id as string | undefined) ?? null;
  const entry = (template: Entry, n: number, text: string): Entry => {
    const id = n.toString(16).padStart(8, '0');
    const made = {
      ...template,
      id,
      parentId: parent,
      message: { ...template.message, content: textPart(text) },
    };
    parent = id;
    return made;
  };
  for (let pair = 0; pair < messages / 2; pair++) {
    out.push(entry(prompt, 2 * pair + 1, `Prompt ${pair + 1}: what about the next part of the plan?`));
    out.push(entry(reply, 2 * pair + 2, `Reply ${pair + 1}: here is that part, in a few words of its own.`));
  }
  writeFileSync(file, `${out.map((line) => JSON.stringify(line)).join('\n')}\n`);
}
