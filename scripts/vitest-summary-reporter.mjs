// A vitest 5 reporter that writes `.test-summary.json` into the current working directory (the package
// being tested, where turbo runs its `test` script) at the end of a run. `scripts/test-summary.mjs`
// adds these files up into the one `Tests: N passed, N failed` line that `npm test` ends with.
//
// Use it through `reporters` from `scripts/vitest-base.mjs`. API (vitest 5.1):
// `onTestRunEnd(testModules, unhandledErrors, reason)`; `testModule.children.allTests()` yields test
// cases; `testCase.result().state` is 'passed' | 'failed' | 'skipped' | 'pending'.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SUMMARY_FILE = '.test-summary.json';

export default class SummaryReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    let passed = 0;
    let failedTests = 0;
    let skipped = 0;
    let unfinished = 0;
    let failedFiles = 0;
    for (const testModule of testModules) {
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') passed++;
        else if (state === 'skipped') skipped++;
        else if (state === 'failed') failedHere++;
        else unfinished++;
      }
      failedTests += failedHere;
      // A file that failed without a failing test (import error, failing hook) counts as one failure.
      if (failedHere === 0 && testModule.state() === 'failed') failedFiles++;
    }
    const errors = unhandledErrors.length;
    const summary = {
      passed,
      failed: failedTests + unfinished + failedFiles + errors,
      skipped,
      files: testModules.length,
      failedTests,
      unfinishedTests: unfinished,
      failedFiles,
      unhandledErrors: errors,
      reason,
    };
    writeFileSync(join(process.cwd(), SUMMARY_FILE), `${JSON.stringify(summary, null, 2)}\n`);
  }
}
