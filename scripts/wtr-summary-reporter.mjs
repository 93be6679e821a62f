// A @web/test-runner reporter that writes the number of passed, failed and skipped tests to a
// JSON file, so `npm test` can print one summary line over every runner; and the command through
// which a test file says which of its tests this engine does not run (test/support/engine.ts),
// counted there as `notRun`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function count(suite, totals) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped++;
    else if (test.passed) totals.passed++;
    else totals.failed++;
  }
  for (const child of suite.suites ?? []) count(child, totals);
}

/** The titles of the tests this run's engine does not run, as the files told them. */
const notRun = [];

export function notRunPlugin() {
  return {
    name: 'not-run',
    executeCommand({ command, payload }) {
      if (command !== 'not-run') return undefined;
      notRun.push(...payload.titles);
      return true;
    },
  };
}

export function summaryReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        if (session.testResults) count(session.testResults, totals);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) totals.failed++;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ ...totals, notRun: notRun.length }));
    },
  };
}
