/**
 * Progress on stderr while a plan runs: on a terminal one line that keeps a live count; elsewhere (CI,
 * Terraform provisioner logs) one plain line per finished step. Waits for the rate limit show too, so a
 * pause never looks like a hang.
 */
import type { ExecutionObserver, PlannedChange } from '@flagplane/engine';
import type { TerminalStyle } from './terminal-style.js';

export interface Progress extends ExecutionObserver {
  waiting(waitMs: number, reason: string): void;
  note(message: string): void;
  end(): void;
}

export const silentProgress: Progress = { waiting() {}, note() {}, end() {} };

export function stderrProgress(total: number, stream: NodeJS.WriteStream, style: TerminalStyle): Progress {
  let finished = 0;
  let failed = 0;
  let current = '';
  let lastWaitNotice = 0;
  const live = Boolean(stream.isTTY);
  const render = () => {
    if (!live) return;
    const counts = `[${finished}/${total}]${failed > 0 ? style.red(` ${failed} failed`) : ''}`;
    stream.write(`\r\u001b[2K${counts} ${current}`.slice(0, (stream.columns ?? 120) + 20));
  };
  const line = (text: string) => {
    if (live) stream.write('\r\u001b[2K');
    stream.write(`${text}\n`);
    render();
  };
  return {
    started(change: PlannedChange) {
      current = `${change.action} ${change.kind} ${change.resource}`;
      render();
    },
    finished(change, outcome, detail) {
      finished++;
      if (outcome === 'failed') failed++;
      if (outcome === 'failed') line(style.red(`failed  ${change.kind} ${change.resource}: ${detail ?? ''}`));
      else if (outcome === 'skipped')
        line(style.yellow(`skipped ${change.kind} ${change.resource} (${detail ?? ''})`));
      else if (!live) line(`done    ${change.action} ${change.kind} ${change.resource}`);
      else render();
    },
    waiting(waitMs, reason) {
      // One line per wait of any length, not one per queued request.
      if (Date.now() - lastWaitNotice < 500) return;
      lastWaitNotice = Date.now();
      line(style.yellow(`waiting ${(waitMs / 1000).toFixed(1)} s: ${reason}`));
    },
    note(message) {
      line(message);
    },
    end() {
      if (live) stream.write('\r\u001b[2K');
    },
  };
}
