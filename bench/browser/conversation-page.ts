/**
 * The conversation pass of the bench page: an `<rpc-transcript>` on a memory transport of its own,
 * given a long conversation as an agent answers `get_messages` after a reload, then a reply
 * streamed token by token at its end, then scrolled from end to start and back, then shown
 * further back ("Show earlier messages").
 */
import '../../src/components/define.js';
import { ExtensionUIController } from '../../src/controller/controller.js';
import type { RpcTranscript } from '../../src/components/transcript/rpc-transcript.js';
import { createMemoryTransport } from '../../src/transport/memory.js';
import { afterFrame, nextTask, within } from './frames.js';
import type { ConversationResult } from './protocol.js';

const lineOf = (value: object) => `${JSON.stringify(value)}\n`;
const text = (content: string) => [{ type: 'text', text: content }];

/** `count` messages, a prompt and a reply of three sentences in turn, as pi keeps them. */
function messages(count: number): object[] {
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { role: 'user', content: text(`Prompt ${index / 2 + 1}: look at src/file-${index}.ts, please.`) }
      : {
          role: 'assistant',
          content: text(
            `Reply ${index}. The file exports two functions and a type. ` +
              'Both functions are pure; the type is re-exported from the index. Nothing to change.',
          ),
          stopReason: 'stop',
        },
  );
}

/**
 * When the frame that shows what was just written was painted: the element renders in the
 * `requestAnimationFrame` it asked for on the write, before this one's.
 */
async function painted(element: RpcTranscript): Promise<number> {
  const { doneAt } = await afterFrame();
  if (element.isUpdatePending) throw new Error('bench page: the transcript had not rendered by its frame');
  return doneAt;
}

/** The conversation shown, kept until `conversationRemove` (its heap is measured meanwhile). */
let shownNow: { readonly element: RpcTranscript; readonly controller: ExtensionUIController } | undefined;

export async function conversationShow(options: {
  messages: number;
  tokens: number;
}): Promise<ConversationResult> {
  conversationRemove();
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  // The peer is the agent reached directly: it refuses the bridge's question, as every agent does
  // an unknown command, and is asked its own.
  const asked = new Promise<string>((resolve) =>
    peer.on('line', (line) => {
      const sent = JSON.parse(line) as { type?: string; id?: string };
      if (sent.type === 'get_messages' && sent.id) resolve(sent.id);
      if (sent.type === 'rpc_ui_get_messages')
        peer.write(
          lineOf({
            type: 'response',
            id: sent.id,
            command: sent.type,
            success: false,
            error: `Unknown command: ${sent.type}`,
          }),
        );
    }),
  );
  const element = document.createElement('rpc-transcript');
  element.style.cssText = 'display: block; block-size: 600px; inline-size: 800px';
  element.controller = controller;
  document.body.append(element);
  shownNow = { element, controller };
  const id = await within(asked, 'get_messages from the transcript');
  const answer = lineOf({
    type: 'response',
    id,
    command: 'get_messages',
    success: true,
    data: { messages: messages(options.messages) },
  });
  await afterFrame();
  const start = performance.now();
  peer.write(answer);
  const restoreMs = (await painted(element)) - start;
  const rendered = () => element.shadowRoot?.querySelectorAll('li.entry').length ?? 0;
  const earlier = () => element.shadowRoot?.querySelector<HTMLButtonElement>('[part="earlier"]');
  if (rendered() !== Math.min(100, options.messages) || (options.messages > 100 && !earlier()))
    throw new Error(`bench page: ${rendered()} entries rendered of ${options.messages}, no button for more`);

  // A reply streaming at the end of the long conversation: each token until it is painted.
  peer.write(lineOf({ type: 'message_start', message: { role: 'assistant', content: [] } }));
  await painted(element);
  const tokenMs: number[] = [];
  for (let index = 0; index < options.tokens; index++) {
    const delta = { type: 'text_delta', contentIndex: 0, delta: `word${index} ` };
    await nextTask();
    const at = performance.now();
    peer.write(lineOf({ type: 'message_update', assistantMessageEvent: delta }));
    tokenMs.push((await painted(element)) - at);
  }

  // Scrolled by the user: to the start and back to the end, each until painted.
  const log = element.shadowRoot?.querySelector<HTMLElement>('.log');
  if (!log) throw new Error('bench page: the transcript has no log');
  const scrollMs: number[] = [];
  for (let index = 0; index < 10; index++) {
    const at = performance.now();
    log.scrollTop = index % 2 === 0 ? 0 : log.scrollHeight;
    scrollMs.push((await afterFrame()).doneAt - at);
  }

  // "Show earlier messages", five times: 100 more entries each, the view kept where it was.
  const earlierMs: number[] = [];
  for (let index = 0; index < 5 && earlier(); index++) {
    const before = rendered();
    const at = performance.now();
    earlier()?.click();
    earlierMs.push((await painted(element)) - at);
    if (rendered() <= before) throw new Error('bench page: "Show earlier messages" rendered nothing more');
  }
  return { restoreMs, tokenMs, scrollMs, earlierMs };
}

export function conversationRemove(): void {
  shownNow?.element.remove();
  shownNow?.controller.dispose();
  shownNow = undefined;
}
