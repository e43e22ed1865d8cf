/**
 * Vitest global setup of the "on PostgreSQL" project (vitest.config.ts): one throwaway cluster for the
 * whole run (§22), whose address the tests get with `inject('postgresUrl')`; each test server then makes
 * a database of its own on it (test-databases.ts).
 */
import { startPostgres } from '@flagplane/test-support/postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's `postgres` database, for creating test databases; '' when none runs. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.destroy();
}
