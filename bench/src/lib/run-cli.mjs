/** Runs the built `flagplane` CLI bundle as a process, timed, with its output captured. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

export const cliBundle = join(repoRoot, 'packages', 'cli', 'dist', 'flagplane.js');

/**
 * Milliseconds from spawn to exit, stdout and the exit code. An exit code not in `okCodes` throws (with
 * the end of stderr, where the CLI reports its errors).
 */
export async function runCli(args, { env = process.env, okCodes = [0] } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [cliBundle, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const ms = performance.now() - started;
  if (!okCodes.includes(code)) throw new Error(`flagplane ${args.join(' ')} exited ${code}:\n${stderr}`);
  return { ms, code, stdout };
}
