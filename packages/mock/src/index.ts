export type { Fault, FaultMatcher } from './faults.js';
export {
  createFlagplaneMock,
  FlagplaneMock,
  type FlagplaneMockOptions,
  type MockRequest,
  type MockResponse,
  type RecordedRequest,
} from './flagplane-mock.js';
export { mswHandlersFor } from './msw-handlers.js';
export { setupFetchServer } from './msw-server.js';
export { installNockInterceptors, type NockInstallation } from './nock-interceptors.js';
export { MissingPeerDependencyError } from './optional-peer.js';
export { type FlagplaneMockServer, startFlagplaneMockServer } from './port-server.js';
export { derivedToken, type MockSeed, type MockServiceToken, type MockUser } from './seed.js';
