/**
 * What a screen reader said, read back from its speech log (one utterance a line:
 * `<ms since the epoch> <kind> <text>`, kind `SPEAK`, `SAYALL`, `KEY` or `CHAR`; see
 * orca-speech-tap.py). A test marks where a step starts, acts, then waits for what it expects to
 * hear after the mark; a failure says everything said since, so what was heard is in the report.
 */
import { readFileSync } from 'node:fs';

/** One utterance. */
export interface Utterance {
  readonly at: number;
  readonly kind: 'SPEAK' | 'SAYALL' | 'KEY' | 'CHAR';
  readonly text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Speech {
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
  }

  /** Everything said so far. */
  all(): Utterance[] {
    const utterances: Utterance[] = [];
    for (const line of readFileSync(this.#file, 'utf8').split('\n')) {
      const match = /^(\d+) (SPEAK|SAYALL|KEY|CHAR) ?(.*)$/.exec(line);
      if (match)
        utterances.push({ at: Number(match[1]), kind: match[2] as Utterance['kind'], text: match[3] ?? '' });
    }
    return utterances;
  }

  /** A mark for what comes next: the number of utterances so far. */
  mark(): number {
    return this.all().length;
  }

  /** What was spoken (not keys echoed) since `mark`, in order. */
  spokenSince(mark: number): string[] {
    return this.all()
      .slice(mark)
      .filter((utterance) => utterance.kind === 'SPEAK' || utterance.kind === 'SAYALL')
      .map((utterance) => utterance.text)
      .filter(Boolean);
  }

  /** What was spoken since `mark`, as one text. */
  textSince(mark: number): string {
    return this.spokenSince(mark).join(' | ');
  }

  /**
   * Wait until something spoken since `mark` matches `pattern`, and resolve with that utterance's
   * text. Fails after `timeoutMs`, saying all that was spoken since the mark.
   */
  async waitFor(what: string, pattern: RegExp, mark: number, timeoutMs = 15_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.spokenSince(mark).find((text) => pattern.test(text));
      if (found !== undefined) return found;
      if (Date.now() > end)
        throw new Error(
          `Never heard ${what} (${pattern}). Heard since: ${this.textSince(mark) || '(nothing)'}`,
        );
      await sleep(50);
    }
  }

  /**
   * Wait until the screen reader has been quiet for `quietMs` (nothing said, no key echoed), so
   * that what follows is said in answer to what follows. Fails after `timeoutMs`.
   */
  async settle(quietMs = 700, timeoutMs = 20_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const last = this.all().at(-1)?.at ?? 0;
      if (Date.now() - last >= quietMs) return;
      if (Date.now() > end) throw new Error(`The screen reader never went quiet for ${quietMs} ms.`);
      await sleep(100);
    }
  }
}
