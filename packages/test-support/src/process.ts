/** Runs a process to completion without blocking (a test's server often lives in the test's own process). */
import { spawn } from 'node:child_process';

export interface ProcessResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ProcessOptions {
  readonly cwd?: string;
  /** Added to the environment (to this process's, unless `inheritEnvironment` is false); `undefined` removes. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** @default true */
  readonly inheritEnvironment?: boolean;
  /** Written to the process's standard input, which is then closed. @default nothing */
  readonly input?: string;
}

export function runProcess(
  command: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  const environment: Record<string, string | undefined> = {
    ...(options.inheritEnvironment === false ? {} : process.env),
    NO_COLOR: '1',
    CHECKPOINT_DISABLE: '1',
    ...options.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: environment,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    // A program that exits without reading its input (pg_ctl, psql -c) closes the pipe first: the write
    // then fails with EPIPE, which says nothing about the program; its exit code does.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
