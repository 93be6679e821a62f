import { type ParseTally, parseEveryLine, readlineParse } from './baselines.js';
import { type KitTally, runKit } from './kit.js';
import type { Corpus } from './stream-corpus.js';

/** One row of the table: a way to consume the stream. */
export interface BenchCase {
  readonly id: string;
  readonly name: string;
  /** The throughput this case should reach, as a multiple of baseline a. */
  readonly aim?: number;
  /** One pass over the whole stream; returns what it found wrong (nothing, normally). */
  readonly run: () => Problems | Promise<Problems>;
}

export type Problems = readonly string[];

/** The five cases over one corpus, baseline a first. */
export function benchCases(corpus: Corpus): BenchCase[] {
  const buffers = corpus.chunks.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  const nonRequests = corpus.lines - corpus.requests;
  return [
    {
      id: 'a',
      name: 'a. baseline: split bytes + JSON.parse every line',
      run: () => checkParsed(parseEveryLine(corpus.chunks), corpus.lines),
    },
    {
      id: 'b',
      name: 'b. baseline: readline + JSON.parse',
      run: async () => checkParsed(await readlineParse(buffers), corpus.lines),
    },
    {
      id: 'c',
      name: 'c. rpc-ui-kit bytes, controller only',
      aim: 10,
      run: () => checkKit(runKit(corpus.chunks), corpus, 0),
    },
    {
      id: 'd',
      name: 'd. rpc-ui-kit strings (one per line)',
      aim: 2.5,
      run: () => checkKit(runKit(corpus.texts), corpus, 0),
    },
    {
      id: 'e',
      name: 'e. rpc-ui-kit bytes + host parses every event',
      aim: 0.9,
      run: () => checkKit(runKit(corpus.chunks, { hostParses: true }), corpus, nonRequests),
    },
  ];
}

function checkParsed(tally: ParseTally, lines: number): Problems {
  const ok = tally.parsed === lines && tally.failed === 0;
  return ok ? [] : [`parsed ${tally.parsed} of ${lines} lines (${tally.failed} not JSON)`];
}

function checkKit(tally: KitTally, corpus: Corpus, messages: number): Problems {
  const problems: string[] = [];
  if (tally.requests !== corpus.requests) problems.push(`${tally.requests} of ${corpus.requests} requests`);
  if (tally.dismissed !== corpus.dialogs) problems.push(`${tally.dismissed} of ${corpus.dialogs} dialogs`);
  if (tally.invalid !== 0) problems.push(`${tally.invalid} invalid lines`);
  if (tally.messages !== messages) problems.push(`${tally.messages} of ${messages} messages parsed`);
  return problems;
}
