/** The options every command takes, and the environment variables behind them. */
export interface GlobalOptions {
  readonly baseUrl?: string;
  readonly json: boolean;
  readonly quiet: boolean;
  readonly concurrency: number;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}
