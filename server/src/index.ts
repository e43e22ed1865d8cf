export { hashSecret } from './access/principal.js';
export { type BuildServerOptions, buildServer } from './app.js';
export { readConfig, type ServerConfig } from './config.js';
export { ApiError } from './domain/api-error.js';
export { applyIdentities, parseIdentityDocument } from './identity/apply-identities.js';
export type { IdentityDocument } from './identity/identity-document.js';
export { startTracing, type Tracing } from './operations/tracing.js';
export { errorAnswer, errorBody } from './plugins/error-handler.js';
export { openFileStore } from './store/file/file-store.js';
export { createMemoryStore } from './store/memory-store.js';
export {
  openPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from './store/postgres/postgres-store.js';
export type { StoreData } from './store/records.js';
export type { Store, StoreView, Transaction } from './store/store.js';
