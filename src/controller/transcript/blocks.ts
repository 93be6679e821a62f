/** The parts of a reply as its deltas build them (pi 1.x and atomic stream each part apart). */

/** The streamed parts of the reply in progress, by their `contentIndex`. */
export type Blocks = Map<number, { readonly type: 'text' | 'thinking'; text: string }>;

/** The reply's text and thinking: its parts of each kind, joined in their order. */
export function joinedBlocks(blocks: Blocks): { readonly text: string; readonly thinking: string } {
  const parts = [...blocks.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
  const joined = (of: 'text' | 'thinking') =>
    parts
      .filter((part) => part.type === of)
      .map((part) => part.text)
      .join('');
  return { text: joined('text'), thinking: joined('thinking') };
}
