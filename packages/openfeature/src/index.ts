export type { DeliveryMode, FlagDataSource, SourceListener } from './data-source.js';
export type { DocumentOptions } from './document-source.js';
export {
  FlagplaneProvider,
  type FlagplaneProviderOptions,
  type ProviderBehaviour,
  type TrackedEvent,
} from './flagplane-provider.js';
export type { ServerSourceOptions } from './server-source.js';
export {
  type FlagTypes,
  type FlagValue,
  type TypedDetails,
  type TypedFlags,
  typedFlags,
} from './typed-flags.js';
