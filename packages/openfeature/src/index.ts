export { type DocumentOptions, FlagplaneProvider } from './flagplane-provider.js';
export type { PollingOptions } from './polling-source.js';
