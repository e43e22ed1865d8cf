/** Runs the bundled CLI as a real process (never blocking: the test server lives in this process). */
import { fileURLToPath } from 'node:url';
import { type ProcessResult, runProcess } from '@flagplane/test-support/process';

export const cliBundle = fileURLToPath(new URL('../../dist/flagplane.js', import.meta.url));

export interface CliRun extends ProcessResult {
  /** stdout parsed as JSON (for `--json` runs). */
  json<T = Record<string, unknown>>(): T;
}

export async function runCli(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; input?: string } = {},
): Promise<CliRun> {
  const run = await runProcess(process.execPath, [cliBundle, ...args], options);
  return {
    ...run,
    json: <T>() => {
      try {
        return JSON.parse(run.stdout) as T;
      } catch {
        throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
      }
    },
  };
}
