import { EventWriter } from './events.js';
import { isDialogLine, loadAgentLines, withId } from './fixtures.js';
import { Random } from './random.js';

/** The size of a chunk as a child's stdout delivers it. */
export const CHUNK_BYTES = 64 * 1024;

/** One deterministic agent stream, in the shapes the cases consume. */
export interface Corpus {
  /** Lines in the stream. */
  readonly lines: number;
  /** Its size in UTF-8 bytes, newlines included. */
  readonly bytes: number;
  /** The whole stream as 64 KiB chunks (views of one buffer; lines split anywhere). */
  readonly chunks: readonly Uint8Array[];
  /** One string per line (as WebSocket messages carry them), each with its `\n` for the framing. */
  readonly texts: readonly string[];
  /** How many lines of each `type`. */
  readonly types: ReadonlyMap<string, number>;
  /** How many `extension_ui_request` lines, and how many of them are dialogs. */
  readonly requests: number;
  readonly dialogs: number;
  /** Line sizes in bytes: smallest, percentiles, largest. */
  readonly sizes: {
    readonly min: number;
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
    readonly max: number;
  };
}

export interface CorpusOptions {
  /** Stop once the stream has this many bytes (default 64 MiB). */
  readonly targetBytes?: number;
  readonly seed?: number;
  /** Share of lines that are extension UI requests (default 1%). */
  readonly requestRate?: number;
}

/** Builds the agent's side of many prompts: answers, tool calls, responses, UI requests. */
export function buildCorpus(options: CorpusOptions = {}): Corpus {
  const target = options.targetBytes ?? 64 * 1024 * 1024;
  const requestRate = options.requestRate ?? 0.01;
  const random = new Random(options.seed ?? 0x5eed);
  const interleave = new Random((options.seed ?? 0x5eed) ^ 0xa5a5a5a5);
  const agent = loadAgentLines();
  const lines: string[] = [];
  let size = 0;
  let dialogs = 0;
  let picked = 0;
  const push = (line: string) => {
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  };
  const emit = (line: string) => {
    push(line);
    if (interleave.chance(requestRate)) {
      // In turn, so every fixture request is in the stream (the editor prefill with raw U+2028 too).
      const fixture = agent.requests[picked++ % agent.requests.length] ?? '';
      const request = withId(fixture, interleave.uuid());
      if (isDialogLine(request)) dialogs++;
      push(request);
    }
    if (interleave.chance(0.002)) push(interleave.pick(agent.responses));
  };
  const writer = new EventWriter(random, emit);
  for (let prompt = 1; size < target; prompt++) {
    emit(JSON.stringify({ id: `p-${prompt}`, type: 'response', command: 'prompt', success: true }));
    writer.event({ type: 'agent_start' });
    const turns = random.int(1, 3);
    const messages: object[] = [];
    for (let turn = 0; turn < turns; turn++) {
      writer.event({ type: 'turn_start' });
      const length = random.logUniform(30, 70_000);
      const message = writer.assistant(length, updatesFor(length));
      messages.push(message);
      if (turn < turns - 1) writer.tool(random.logUniform(20, 20_000), random.int(0, 5));
      writer.event({ type: 'turn_end', message, toolResults: [] });
    }
    writer.event({ type: 'agent_end', messages });
  }
  return assemble(lines, size, dialogs);
}

// Real streams send one update per token, so their volume grows with the square of the answer's
// length; a few updates per long answer keep the mix of sizes while the stream stays in budget.
function updatesFor(length: number): number {
  return Math.max(1, Math.round(Math.min(250, length / 8, 600_000 / length)));
}

function assemble(lines: readonly string[], size: number, dialogs: number): Corpus {
  const bytes = new Uint8Array(size);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const texts: string[] = [];
  const lengths: number[] = [];
  const types = new Map<string, number>();
  let offset = 0;
  for (const line of lines) {
    const { written } = encoder.encodeInto(line, bytes.subarray(offset));
    bytes[offset + written] = 0x0a;
    texts.push(decoder.decode(bytes.subarray(offset, offset + written + 1)));
    lengths.push(written);
    offset += written + 1;
    const type = typeOf(line);
    types.set(type, (types.get(type) ?? 0) + 1);
  }
  if (offset !== size) throw new Error(`corpus size mismatch: ${offset} != ${size}`);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < size; start += CHUNK_BYTES)
    chunks.push(bytes.subarray(start, start + CHUNK_BYTES));
  lengths.sort((a, b) => a - b);
  const at = (q: number) => lengths[Math.min(lengths.length - 1, Math.floor(q * lengths.length))] ?? 0;
  return {
    lines: lines.length,
    bytes: size,
    chunks,
    texts,
    types,
    requests: types.get('extension_ui_request') ?? 0,
    dialogs,
    sizes: { min: at(0), p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) },
  };
}

function typeOf(line: string): string {
  const match = /"type":"([^"]+)"/.exec(line);
  return match?.[1] ?? '?';
}
