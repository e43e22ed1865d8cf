/** Absolute path of scripts/vitest-summary-reporter.mjs (a custom reporter is a path or an instance). */
export declare const summaryReporter: string;
/** `test.reporters` for a package's vitest.config.ts: vitest's default output plus the summary file. */
export declare const reporters: string[];
/** `testTimeout` and `hookTimeout` generous enough for a busy 2-core CI machine. */
export declare const timeouts: { testTimeout: number; hookTimeout: number };
