/** Runs a process to completion without blocking (the reference server lives in this process). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const cliBin = fileURLToPath(new URL('../../packages/cli/dist/flagplane.js', import.meta.url));

export interface ProcessRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', CHECKPOINT_DISABLE: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
