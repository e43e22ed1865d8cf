/**
 * Databases for tests of the PostgreSQL store (§22): each test server or store gets an empty database of
 * its own on a throwaway cluster, so test files running at once never see each other's data.
 */
import { Database } from '../../src/store/postgres/database.js';

let made = 0;

/** A new empty database on the cluster at `clusterUrl` (its `postgres` database); its URL. */
export async function createTestDatabase(clusterUrl: string): Promise<string> {
  const name = `flagplane_test_${process.pid}_${++made}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Database({ url: clusterUrl, poolSize: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
