/**
 * Migrations against a real PostgreSQL (a throwaway cluster): each applied once, concurrent starters
 * migrate once, a failing migration changes nothing, a newer database is refused.
 */
import { type PostgresCluster, postgresAvailable, startPostgres } from '@flagplane/test-support/postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Database } from './database.js';
import { type Migration, migrate, SchemaTooNewError } from './migrate.js';

const available = postgresAvailable();
let cluster: PostgresCluster;
let databases = 0;
const connections: Database[] = [];

beforeAll(async () => {
  if (available) cluster = await startPostgres();
});
afterAll(async () => {
  await cluster?.destroy();
});
afterEach(async () => {
  await Promise.all(connections.splice(0).map((database) => database.end()));
});

async function freshDatabase(): Promise<string> {
  return cluster.createDatabase(`migrate_${++databases}`);
}

function connect(url: string): Database {
  const database = new Database({ url, poolSize: 2 });
  connections.push(database);
  return database;
}

const migrations: Migration[] = [
  { version: 1, name: 'flags', sql: 'CREATE TABLE flags (id text PRIMARY KEY, key text NOT NULL UNIQUE)' },
  { version: 2, name: 'flag names', sql: 'ALTER TABLE flags ADD COLUMN name text' },
];

describe.skipIf(!available)('migrate', () => {
  it('applies every migration once, in order, and nothing the second time', async () => {
    const sql = connect(await freshDatabase());
    expect(await migrate(sql, migrations)).toEqual({ from: 0, to: 2, applied: [1, 2] });
    expect(await migrate(sql, migrations)).toEqual({ from: 2, to: 2, applied: [] });
    const three = [
      ...migrations,
      { version: 3, name: 'tags', sql: 'ALTER TABLE flags ADD COLUMN tags text[]' },
    ];
    expect(await migrate(sql, three)).toEqual({ from: 2, to: 3, applied: [3] });
    const columns = await sql.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'flags' ORDER BY ordinal_position",
    );
    expect(columns.map((column) => column.column_name)).toEqual(['id', 'key', 'name', 'tags']);
    const recorded = await sql.query<{ version: number; name: string }>(
      'SELECT version, name FROM flagplane_schema_migrations ORDER BY version',
    );
    expect(recorded.map((row) => [row.version, row.name])).toEqual([
      [1, 'flags'],
      [2, 'flag names'],
      [3, 'tags'],
    ]);
  });

  it('migrates once when several processes start together', async () => {
    const url = await freshDatabase();
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => migrate(connect(url), migrations)));
    expect(outcomes.filter((outcome) => outcome.applied.length > 0)).toHaveLength(1);
    expect(outcomes.flatMap((outcome) => outcome.applied)).toEqual([1, 2]);
  });

  it('leaves the database as it was when a migration fails', async () => {
    const sql = connect(await freshDatabase());
    const broken = [
      ...migrations,
      { version: 3, name: 'broken', sql: 'ALTER TABLE nothing ADD COLUMN x int' },
    ];
    await expect(migrate(sql, broken)).rejects.toThrow(/nothing/);
    const tables = await sql.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables).toHaveLength(0);
    expect(await migrate(sql, migrations)).toEqual({ from: 0, to: 2, applied: [1, 2] });
  });

  it('refuses a database a newer server migrated', async () => {
    const sql = connect(await freshDatabase());
    await migrate(sql, [...migrations, { version: 3, name: 'newer', sql: 'SELECT 1' }]);
    const refusal = migrate(sql, migrations);
    await expect(refusal).rejects.toBeInstanceOf(SchemaTooNewError);
    await expect(refusal).rejects.toThrow(
      'the database is at schema version 3, and this server knows versions up to 2',
    );
  });

  it('refuses a list of migrations out of order before touching the database', async () => {
    const sql = connect(await freshDatabase());
    await expect(migrate(sql, [migrations[1] as Migration])).rejects.toThrow('migration 1 is numbered 2');
    const tables = await sql.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables).toHaveLength(0);
  });
});
