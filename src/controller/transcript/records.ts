/**
 * Reading the agents' records of a turn (`message_*`, `tool_execution_*`), which every agent
 * writes in the same shapes but none documents as a contract: each field is checked before it is
 * used, and a record that lacks one changes nothing.
 */

/** A record as a plain object, or `undefined`. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The parts of a message's content (a string counts as one text part). */
function partsOf(content: unknown): Record<string, unknown>[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: unknown) => {
    const object = objectOf(part);
    return object ? [object] : [];
  });
}

/** The text of a message's parts of `type` (`text`, `thinking`), joined. */
export function partsText(content: unknown, type: 'text' | 'thinking' = 'text'): string {
  return partsOf(content)
    .filter((part) => part.type === type)
    .map((part) => stringOf(part[type]) ?? '')
    .join('');
}

/** The kinds of image a page shows from its data: never SVG, which is a document. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The images of a message's content (`{type: 'image', data, mimeType}`: a prompt's attachment, a
 * read of a PNG), as `{images}` to spread into an entry, or `{}` when it has none. One whose data
 * is not base64 (oh-my-pi cuts a string that does not fit its 1 MiB frame) is kept without it.
 */
export function imagesOf(content: unknown): { readonly images?: readonly MessageImage[] } {
  const images = partsOf(content)
    .filter((part) => part.type === 'image')
    .map((part): MessageImage => {
      const mimeType = stringOf(part.mimeType) ?? '';
      const data = stringOf(part.data) ?? '';
      return IMAGE_TYPES.has(mimeType) && BASE64.test(data) ? { mimeType, data } : { mimeType };
    });
  return images.length > 0 ? { images } : {};
}

/** A prompt's fields: its words, and the images attached to it. */
export const promptOf = (content: unknown) => ({ text: partsText(content), ...imagesOf(content) });

/** An image in the conversation: its type, and its data in base64 when it is whole and shown. */
export interface MessageImage {
  readonly mimeType: string;
  readonly data?: string;
}

/** A tool call in an assistant message's content. */
export interface ToolCallPart {
  readonly id: string;
  readonly name: string;
  readonly args: string;
}

/** Arguments as JSON text: as the model wrote them when they are a string already. */
export const argsText = (args: unknown): string =>
  typeof args === 'string' ? args : args === undefined ? '' : JSON.stringify(args);

/** The tool calls of an assistant message's content. */
export function toolCallParts(content: unknown): ToolCallPart[] {
  return partsOf(content).flatMap((part) => {
    const id = stringOf(part.id);
    const name = stringOf(part.name);
    return part.type === 'toolCall' && id && name ? [{ id, name, args: argsText(part.arguments) }] : [];
  });
}

/**
 * A tool call's end as its entry's fields: its text, what else it answered (`details`), and
 * whether it failed (atomic's agent says so in `result` only).
 */
export function toolOutcome(result: Record<string, unknown> | undefined, isError: boolean) {
  return {
    result: partsText(result?.content),
    ...imagesOf(result?.content),
    isError: isError || result?.isError === true,
    running: false,
    ...(result?.details === undefined ? {} : { details: result.details }),
  };
}
