/**
 * What the stand-in agents counted, checked: every dialog they asked got exactly one answer, the
 * one the tabs give. A dialog asked so shortly before the end that it is still open does not count
 * as asked; one older than that without an answer was lost, and stops the bench.
 */
import type { Tally } from './agent.js';

/** How long before its end a dialog may still be open, in ms (round trips take a few ms). */
export const OPEN_AT_END_MS = 1000;

/** The dialogs of every session together. */
export interface AnswerCount {
  /** Dialogs asked, those still open at the end left out. */
  readonly asked: number;
  /** Dialogs that got exactly one answer. */
  readonly answeredOnce: number;
  /** Dialogs still open at the end (not counted as asked). */
  readonly openAtEnd: number;
  /** Request written → first answer read, per answered dialog, in ms. */
  readonly latenciesMs: readonly number[];
}

/**
 * Add up the sessions' tallies.
 * @throws Error when a dialog got no answer in time or more than one, or an answer was wrong or
 *   to a dialog never asked
 */
export function countAnswers(tallies: readonly Tally[], openAtEndMs = OPEN_AT_END_MS): AnswerCount {
  let asked = 0;
  let answeredOnce = 0;
  let openAtEnd = 0;
  const latenciesMs: number[] = [];
  const problems: string[] = [];
  tallies.forEach((tally, session) => {
    tally.answers.forEach((answers, index) => {
      const ageMs = tally.ageMs[index] ?? Number.POSITIVE_INFINITY;
      if (answers === 0 && ageMs < openAtEndMs) {
        openAtEnd++;
        return;
      }
      asked++;
      if (answers === 1) answeredOnce++;
      else problems.push(`session ${session + 1}, dialog ${index + 1}: ${answers} answers`);
      const ms = tally.ms[index] ?? -1;
      if (answers > 0 && ms >= 0) latenciesMs.push(ms);
    });
    if (tally.stray > 0) problems.push(`session ${session + 1}: ${tally.stray} answers to dialogs not asked`);
    if (tally.wrong > 0) problems.push(`session ${session + 1}: ${tally.wrong} answers not "a"`);
  });
  if (problems.length > 0)
    throw new Error(`Not every dialog was answered exactly once:\n${problems.slice(0, 20).join('\n')}`);
  return { asked, answeredOnce, openAtEnd, latenciesMs };
}
