/** Runs the bundled CLI as a real process (never blocking: the test server lives in this process). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const cliBundle = fileURLToPath(new URL('../../dist/flagplane.js', import.meta.url));

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as JSON (for `--json` runs). */
  json<T = Record<string, unknown>>(): T;
}

export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; input?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBundle, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.stdin.end(options.input ?? '');
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr,
        json: <T>() => {
          try {
            return JSON.parse(stdout) as T;
          } catch {
            throw new Error(`stdout is not JSON (exit ${code}):\n${stdout}\nstderr:\n${stderr}`);
          }
        },
      }),
    );
  });
}
