/**
 * What a command that talks to the API needs: an SDK client whose every request is paced by the rate
 * limit and counted, a concurrency limit, progress on stderr, and the output style. The token comes only
 * from FLAGPLANE_TOKEN: a flag would show in process listings and shell history.
 */
import { concurrencyLimit, type Limit } from '@flagplane/engine';
import { createClient, type FlagplaneClient } from '@flagplane/sdk';
import { cliVersion } from '../../cli-version.js';
import { type Progress, silentProgress, stderrProgress } from '../../output/progress.js';
import { type TerminalStyle, terminalStyle } from '../../output/terminal-style.js';
import { newRequestStatistics, pacedFetch, type RequestStatistics } from '../../rate-limit/paced-fetch.js';
import { RateLimitPacer } from '../../rate-limit/rate-limit-pacer.js';
import { type GlobalOptions, UsageError } from './global-options.js';

export interface ApiSession {
  readonly client: FlagplaneClient;
  readonly limit: Limit;
  readonly statistics: RequestStatistics;
  readonly style: TerminalStyle;
  readonly progress: Progress;
  /** Progress with a known number of steps, from now on. */
  startProgress(total: number): Progress;
}

export function openApiSession(options: GlobalOptions, environment = process.env): ApiSession {
  const baseUrl = options.baseUrl ?? environment.FLAGPLANE_BASE_URL;
  if (!baseUrl) throw new UsageError('no server address: pass --base-url or set FLAGPLANE_BASE_URL');
  const token = environment.FLAGPLANE_TOKEN?.trim();
  if (!token) throw new UsageError('no token: set FLAGPLANE_TOKEN (tokens are never taken from arguments)');
  const statistics = newRequestStatistics();
  const style = terminalStyle(process.stderr);
  const progressFor = (total: number) =>
    options.quiet ? silentProgress : stderrProgress(total, process.stderr, style);
  let progress = progressFor(0);
  const pacer = new RateLimitPacer({ onWait: (waitMs, reason) => progress.waiting(waitMs, reason) });
  const client = createClient({
    baseUrl,
    token,
    fetch: pacedFetch(pacer, statistics),
    headers: { 'user-agent': `flagplane-cli/${cliVersion()}` },
  });
  return {
    client,
    limit: concurrencyLimit(options.concurrency),
    statistics,
    style,
    get progress() {
      return progress;
    },
    startProgress(total) {
      progress = progressFor(total);
      return progress;
    },
  };
}
