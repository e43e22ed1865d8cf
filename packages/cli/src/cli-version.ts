declare const FLAGPLANE_CLI_VERSION: string | undefined;

/** Set by the bundler from package.json; "development" when running from source (tests). */
export function cliVersion(): string {
  return typeof FLAGPLANE_CLI_VERSION === 'string' ? FLAGPLANE_CLI_VERSION : 'development';
}
