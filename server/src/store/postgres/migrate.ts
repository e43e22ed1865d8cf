/**
 * §22: the PostgreSQL store's schema, migrated at start-up by versioned SQL, one process at a time.
 *
 * Every pending migration runs in one transaction that first takes a transaction-level advisory lock, so
 * two processes starting together migrate once (the second waits, then finds nothing to do), and a
 * migration that fails leaves the database as it was (PostgreSQL's DDL is transactional). A database
 * migrated by a newer server than this one is refused: this server cannot know what it would break.
 */
import { type Database, wholeStateWaitMs } from './database.js';

export interface Migration {
  /** 1, 2, 3…: applied in this order, each once. */
  readonly version: number;
  /** What it does, in a few words (kept in the table). */
  readonly name: string;
  readonly sql: string;
}

export interface MigrationOutcome {
  /** The schema version before and after. */
  readonly from: number;
  readonly to: number;
  /** The versions this call applied (none when another process had already). */
  readonly applied: readonly number[];
}

/** The advisory lock every Flagplane server takes to migrate ('flagplane' as a 64-bit number). */
export const migrationLockKey = 0x666c6167706c616en;

export class SchemaTooNewError extends Error {
  override readonly name = 'SchemaTooNewError';
}

/** Checks the list itself: versions 1…n, in order, each once (a mistake here must fail every start). */
function checkMigrations(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `migration ${index + 1} is numbered ${migration.version}: versions must be 1, 2, 3… in order`,
      );
    }
  });
}

export async function migrate(
  database: Database,
  migrations: readonly Migration[],
): Promise<MigrationOutcome> {
  checkMigrations(migrations);
  const latest = migrations.length;
  return database.transaction(async (tx) => {
    // A process that starts while another migrates waits for it, however long that takes.
    await tx.query('SET LOCAL lock_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [migrationLockKey.toString()], {
      answerWaitMs: wholeStateWaitMs,
    });
    await tx.query(`
      CREATE TABLE IF NOT EXISTS flagplane_schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const [row] = await tx.query<{ version: number }>(
      'SELECT coalesce(max(version), 0)::integer AS version FROM flagplane_schema_migrations',
    );
    const from = row?.version ?? 0;
    if (from > latest) {
      throw new SchemaTooNewError(
        `the database is at schema version ${from}, and this server knows versions up to ${latest}: ` +
          'run a server at least as new as the one that migrated it',
      );
    }
    const applied: number[] = [];
    for (const migration of migrations.slice(from)) {
      await tx.query(migration.sql, [], { answerWaitMs: wholeStateWaitMs });
      await tx.query('INSERT INTO flagplane_schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return { from, to: Math.max(from, latest), applied };
  });
}
