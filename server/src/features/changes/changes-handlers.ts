/**
 * §24: `GET /api/v1/sdk/stream`. The handler names the key's environment and its version now; the route
 * loop (routes/register-sdk-key-operation.ts) opens the stream and hands it to the process's change
 * streams (change-streams.ts), which tell it every change after that.
 */
import type { SdkKeyOperationHandler } from '../../routes/operation-handler.js';
import { environmentSnapshot } from '../evaluation/environment-snapshot.js';

export const streamSdkChanges: SdkKeyOperationHandler<'streamSdkChanges'> = ({ store, sdkKey }) => ({
  keyId: sdkKey.key.id,
  environmentId: sdkKey.environment.id,
  version: environmentSnapshot(store, sdkKey.project, sdkKey.environment).version(),
});
