/**
 * A stand-in for a model: an OpenAI-compatible server on loopback (`POST /v1/chat/completions`,
 * streamed as server-sent events) whose replies are scripted, so that a real agent runs real
 * turns with no network and no key: text streamed a few words at a time, and tool calls. The
 * agents are pointed at it by `stand-in-model/agent-config.ts`. Node only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { richReply } from './rich-replies.js';
import { type OfferedTool, toolStep } from './tool-replies.js';

/** The provider and model id the agents are configured with. */
export const STAND_IN_PROVIDER = 'stand-in';
export const STAND_IN_MODEL = 'stand-in-model';
/** A second model of the provider, one that reasons: it thinks aloud at the effort it is asked for. */
export const STAND_IN_THINKER = 'stand-in-thinker';

/** One message of a chat completion request, as the agents send it. */
export interface ChatMessage {
  readonly role: string;
  readonly content?: unknown;
  readonly tool_call_id?: string;
}

/** What the model answers: streamed text, or a call of one of the agent's tools. */
export type StandInReply =
  | {
      readonly text: string;
      /** Words per streamed chunk, for this reply (a huge one streams in big chunks). */
      readonly wordsPerChunk?: number;
      /** The tokens it says its prompt took, instead of counting them (a context nearly full). */
      readonly promptTokens?: number;
    }
  | { readonly toolCall: { readonly name: string; readonly arguments: Record<string, unknown> } };

/** Which model a request asked for, and how hard it asked it to think. */
export interface StandInRequest {
  readonly model: string;
  /** The request's `reasoning_effort` (`low`, `high`…); absent when the agent asked for no thinking. */
  readonly reasoningEffort?: string;
  /** The tools the agent offers the model, by name. */
  readonly tools?: Readonly<Record<string, OfferedTool>>;
}

/**
 * Picks the reply to a request from its messages (the conversation so far, newest last) and what
 * it asked of the model.
 */
export type StandInScript = (messages: readonly ChatMessage[], request: StandInRequest) => StandInReply;

/** Options of {@link startStandInModel}. */
export interface StandInModelOptions {
  /** Port on 127.0.0.1 (default: a free one). */
  readonly port?: number;
  /** The replies (default {@link defaultScript}). */
  readonly script?: StandInScript;
  /** Words per streamed chunk (default 2). */
  readonly wordsPerChunk?: number;
  /** Milliseconds between chunks (default 15), so that a turn streams as a model's does. */
  readonly chunkDelayMs?: number;
}

/** A running stand-in model. */
export interface StandInModel {
  /** The base URL the agents are given (`http://127.0.0.1:PORT/v1`). */
  readonly baseUrl: string;
  /** The requests it was sent, oldest first: each request's messages. */
  readonly requests: readonly (readonly ChatMessage[])[];
  /** The same requests' model and effort (not their tools), oldest first. */
  readonly asked: readonly StandInRequest[];
  close(): Promise<void>;
}

/** The text of a message's content (a string, or an array of text parts). */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
    .join('');
}

/** Tokens in `text`, counted as four characters each (what agents estimate too). */
const tokens = (text: string) => Math.ceil(text.length / 4);

/** The stand-in models' context window, in tokens (agent-config.ts registers them so). */
export const STAND_IN_CONTEXT_WINDOW = 128_000;

/** How full "fill the context" says the context is: past the 80% where compaction is offered, short of the agents' own compaction. */
const FILLED = 0.84;

/** How the agents' OpenAI-style requests start the user message that carries a tool's images. */
const TOOL_IMAGES = 'Attached image(s) from tool result:';

/** The command a prompt asks the stand-in to run with the agent's `bash` tool: `run: <command>`. */
const RUN = /^run:\s*(.+)$/m;

/**
 * The default replies: a prompt `run: <command>` is answered with a call of the agent's `bash`
 * tool; the turn after a tool result says what the tool answered; a prompt that asks for a long
 * answer gets forty sentences (time to press Stop), a huge one about 100,000 characters (enough
 * for an agent to compact), and "fill the context" a reply that reports its prompt as filling 84%
 * of the context (as a long session would); "show me markdown", "long code" and "command output"
 * the rich replies of rich-replies.ts; "write a file", "read a file" and "edit a file" the
 * tool calls of tool-replies.ts; pi's request for a summary gets a short one, and
 * atomic's compaction planner lines to delete;
 * any other prompt is answered with a few
 * sentences that say what the stand-in is, and the thinker says how hard it thought, so that a
 * person sees which model and effort the turn used.
 */
export const defaultScript: StandInScript = (messages, request) => {
  const system = textOf(messages[0]?.content);
  // atomic compacts by asking the model which numbered lines to delete, as `start,end` records.
  if (system.startsWith('You are a context compaction assistant')) return { text: '3,12' };
  // pi asks for a summary of the conversation, which it holds in its last message.
  if (system.startsWith('You are a context summarization assistant'))
    return { text: '## Goal\nTalk with the stand-in model.\n\n## Progress\nIts scripted replies were read.' };
  const last = messages.at(-1);
  // The person's last prompt: the agents send a tool's images to an OpenAI-style model as a user
  // message of their own after the tool's result, which no person wrote.
  const asked = messages.findLastIndex(
    (message) => message.role === 'user' && !textOf(message.content).startsWith(TOOL_IMAGES),
  );
  // oh-my-pi puts a <system-reminder> of its own before the user's words, and a <system-notice>
  // before a prompt that steers it.
  const prompt = textOf(messages[asked]?.content)
    .replace(/<system-(reminder|notice)>[\s\S]*?<\/system-\1>/g, '')
    .trim();
  const command = RUN.exec(prompt)?.[1]?.trim();
  if (!command) {
    const results = messages.slice(asked + 1).filter((message) => message.role === 'tool');
    const step = toolStep(
      prompt,
      results.map((result) => textOf(result.content)),
      request.tools ?? {},
    );
    if (step) return step;
  }
  if (last?.role === 'tool') {
    const output = textOf(last.content).trim();
    return { text: `The command finished. It said: ${output || '(nothing)'}` };
  }
  if (command) return { toolCall: { name: 'bash', arguments: { command } } };
  const rich = richReply(prompt);
  // Streamed a few words at a time as any reply, but faster: a long block is 240 lines.
  if (rich) return { text: rich, wordsPerChunk: 8 };
  if (/\bhuge\b/i.test(prompt))
    return {
      text: Array.from(
        { length: 2000 },
        (_, n) => `Sentence ${n + 1} of a huge reply, which fills the context quickly.`,
      )
        // Ten sentences a line: atomic compacts only a conversation of twenty lines or more.
        .map((sentence, n) => (n % 10 === 9 ? `${sentence}\n` : `${sentence} `))
        .join(''),
      wordsPerChunk: 500,
    };
  if (/\bfill the context\b/i.test(prompt)) {
    const promptTokens = Math.round(STAND_IN_CONTEXT_WINDOW * FILLED);
    return {
      text: `This is the stand-in model: it reports its prompt as ${promptTokens} tokens, as a long session would.`,
      promptTokens,
    };
  }
  if (/\blong\b/i.test(prompt))
    return {
      text: Array.from(
        { length: 40 },
        (_, n) => `Sentence ${n + 1} of a long reply, streamed slowly enough to stop it.`,
      ).join(' '),
    };
  const quoted = `“${prompt.slice(0, 80)}”`;
  if (request.model === STAND_IN_THINKER) {
    const effort = request.reasoningEffort;
    return {
      text:
        `This is the stand-in thinker, ${effort ? `thinking at ${effort} effort` : 'not thinking'}, ` +
        `answering ${quoted}. Its replies are scripted too.`,
    };
  }
  return {
    text:
      `This is the stand-in model, answering ${quoted}. ` +
      'It runs on this machine and knows nothing: each reply is scripted. ' +
      'Ask it to “run: ls” and it calls the bash tool.',
  };
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tools of a request (`[{type: 'function', function: {name, description, parameters}}]`), by name. */
function offeredTools(tools: unknown): Record<string, OfferedTool> {
  const offered: Record<string, OfferedTool> = {};
  for (const tool of Array.isArray(tools) ? tools : []) {
    const fn = (
      tool as { function?: { name?: unknown; description?: unknown; parameters?: { properties?: unknown } } }
    )?.function;
    if (typeof fn?.name !== 'string') continue;
    const properties = fn.parameters?.properties;
    offered[fn.name] = {
      description: typeof fn.description === 'string' ? fn.description : '',
      parameters: properties && typeof properties === 'object' ? Object.keys(properties) : [],
    };
  }
  return offered;
}

/** Start the stand-in on loopback. */
export async function startStandInModel(options: StandInModelOptions = {}): Promise<StandInModel> {
  const script = options.script ?? defaultScript;
  const requests: (readonly ChatMessage[])[] = [];
  const asked: StandInRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: `The stand-in answers POST /v1/chat/completions only.` } }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      messages?: ChatMessage[];
      model?: unknown;
      reasoning_effort?: unknown;
      tools?: unknown;
    };
    const messages = body.messages ?? [];
    const effort = typeof body.reasoning_effort === 'string' ? body.reasoning_effort : undefined;
    // An agent that asks for no thinking may still name an effort meaning none.
    const thinking = effort && !['none', 'off'].includes(effort) ? { reasoningEffort: effort } : {};
    const model = typeof body.model === 'string' ? body.model : STAND_IN_MODEL;
    const wanted: StandInRequest = { model, ...(model === STAND_IN_THINKER ? thinking : {}) };
    requests.push(messages);
    asked.push(wanted);
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const id = `stand-in-${requests.length}`;
    /** One server-sent chunk of the completion, with `fields` (its choices, or its usage). */
    const write = (fields: Record<string, unknown>) =>
      response.write(
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model,
          ...fields,
        })}\n\n`,
      );
    const send = (delta: Record<string, unknown>, finish: string | null = null) =>
      write({ choices: [{ index: 0, delta, finish_reason: finish }] });
    const reply = script(messages, { ...wanted, tools: offeredTools(body.tools) });
    // Its use of tokens, as a provider reports it after the last choice (OpenAI's
    // `stream_options.include_usage`), counted the rough way: four characters a token.
    const usage = (said: string) => {
      const prompt =
        ('promptTokens' in reply ? reply.promptTokens : undefined) ?? tokens(JSON.stringify(messages));
      const completion = tokens(said);
      return {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
        prompt_tokens_details: { cached_tokens: 0 },
      };
    };
    const sendUsage = (said: string) => write({ choices: [], usage: usage(said) });
    if ('toolCall' in reply) {
      const { name, arguments: args } = reply.toolCall;
      const call = { index: 0, id: `call_${requests.length}`, type: 'function' };
      send({ role: 'assistant', tool_calls: [{ ...call, function: { name, arguments: '' } }] });
      send({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(args) } }] });
      send({}, 'tool_calls');
      sendUsage(JSON.stringify(args));
    } else {
      const words = reply.text.split(/(?<=\s)/);
      const size = reply.wordsPerChunk ?? options.wordsPerChunk ?? 2;
      send({ role: 'assistant', content: '' });
      // The thinker's thinking, as reasoning models stream it before their answer.
      if (wanted.reasoningEffort)
        send({ reasoning_content: `Thinking it over at ${wanted.reasoningEffort} effort.` });
      for (let at = 0; at < words.length; at += size) {
        // The agent stopped the turn: nothing more to say.
        if (response.destroyed) return;
        send({ content: words.slice(at, at + size).join('') });
        await wait(options.chunkDelayMs ?? 15);
      }
      send({}, 'stop');
      sendUsage(reply.text);
    }
    response.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    asked,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
