/**
 * Runs `flagplane` as a process the way users and Terraform's provisioners do (the committed bin, which
 * loads the built bundle), timed, with its output captured.
 */
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';
import { timeUntilExitWithOutput } from './process-timing.mjs';

export const cliBin = join(repoRoot, 'packages', 'cli', 'bin', 'flagplane.js');

/**
 * Milliseconds from spawn to exit, stdout and the exit code. An exit code not in `okCodes` throws (with
 * the end of stderr, where the CLI reports its errors).
 */
export function runCli(args, { env = process.env, okCodes = [0] } = {}) {
  return timeUntilExitWithOutput(process.execPath, [cliBin, ...args], { env, okCodes });
}
