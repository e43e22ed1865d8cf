/**
 * What a test file of the PostgreSQL store (§22) opens: a throwaway cluster for the file, an empty
 * database per test, stores and plain connections on it, all closed after each test.
 */
import { type PostgresCluster, postgresAvailable, startPostgres } from '@flagplane/test-support/postgres';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Database } from '../../src/store/postgres/database.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { createTestDatabase } from './test-databases.js';

export interface PostgresStoreTests {
  /** Whether PostgreSQL is installed (the file's tests skip when it is not). */
  readonly available: boolean;
  /** A new empty database on the file's cluster; its URL. */
  newDatabase(): Promise<string>;
  /** A store on `url`, as a server process opens it. */
  open(url: string): Promise<PostgresStore>;
  /** A plain connection to `url`, for what a test reads or writes behind the stores' backs. */
  connect(url: string): Database;
}

/** Registers the file's hooks (start the cluster, close what each test opened, destroy the cluster). */
export function postgresStoreTests(): PostgresStoreTests {
  const available = postgresAvailable();
  let cluster: PostgresCluster | undefined;
  const opened: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    if (available) cluster = await startPostgres();
  });
  afterEach(async () => {
    await Promise.allSettled(opened.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await cluster?.destroy();
  });
  return {
    available,
    newDatabase: () => {
      if (cluster === undefined) throw new Error('no PostgreSQL cluster: the test should have skipped');
      return createTestDatabase(cluster.url);
    },
    async open(url) {
      const store = await openPostgresStore({ url, poolSize: 3 });
      opened.push(store);
      return store;
    },
    connect(url) {
      const database = new Database({ url, poolSize: 1 });
      opened.push({ close: () => database.end() });
      return database;
    },
  };
}

/** The ids of the flags a store holds, sorted. */
export const flagIds = (store: PostgresStore): string[] => Object.keys(store.snapshot().flags).sort();
