/** What a run did, what failed and what was left undone because of it. */
import type { ExecutionResult } from '@flagplane/engine';
import type { RequestStatistics } from '../rate-limit/paced-fetch.js';
import type { TerminalStyle } from './terminal-style.js';

export function resultAsText(
  result: ExecutionResult,
  statistics: RequestStatistics,
  style: TerminalStyle,
): string {
  const lines: string[] = [];
  if (result.failed.length > 0) {
    lines.push(style.red('Failed:'));
    for (const failure of result.failed) lines.push(`  ${failure.id}: ${failure.error}`);
  }
  if (result.skipped.length > 0) {
    lines.push(style.yellow('Not done (they depend on a failed change):'));
    for (const skip of result.skipped) lines.push(`  ${skip.id} (because ${skip.because} failed)`);
  }
  const outcome = `${result.done.length} done, ${result.failed.length} failed, ${result.skipped.length} not done`;
  lines.push(
    `${result.failed.length > 0 ? style.red('Apply incomplete:') : style.green('Apply complete:')} ${outcome}; ${statistics.requests} requests, ${statistics.writes} writes${statistics.rateLimited > 0 ? `, ${statistics.rateLimited} rate-limited and retried` : ''}.`,
  );
  if (result.failed.length > 0)
    lines.push('Fix the cause and run the same command again: what is done is not redone.');
  return `${lines.join('\n')}\n`;
}
