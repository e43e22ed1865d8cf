/** The provider's version: the package's, put in by the bundler (a plain `tsc`/vitest run sees the fallback). */
declare const FLAGPLANE_PROVIDER_VERSION: string | undefined;

export const providerVersion: string =
  typeof FLAGPLANE_PROVIDER_VERSION === 'string' ? FLAGPLANE_PROVIDER_VERSION : '0.0.0-dev';
