export { type DocumentOptions, FlagplaneProvider } from './flagplane-provider.js';
export type { PollingOptions } from './polling-source.js';
export {
  type FlagTypes,
  type FlagValue,
  type TypedDetails,
  type TypedFlags,
  typedFlags,
} from './typed-flags.js';
