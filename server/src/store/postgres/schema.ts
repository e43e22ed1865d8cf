/**
 * The PostgreSQL store's migrations: the versioned SQL files in `server/sql/migrations/`, named
 * `NNN-what-it-does.sql` and applied in that order (migrate.ts). The files are the schema's one source;
 * they ship with the package (`files` in package.json) and are read from the same place from `src/` and
 * `dist/`, both three directories below the package root.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from './migrate.js';

export const migrationsDirectory = fileURLToPath(new URL('../../../sql/migrations/', import.meta.url));

const fileName = /^(\d{3})-([a-z0-9-]+)\.sql$/;

/** Every migration file of `directory`, in version order. Throws on a file that is not named as above. */
export function loadMigrations(directory = migrationsDirectory): Migration[] {
  return readdirSync(directory)
    .sort()
    .map((name) => {
      const match = fileName.exec(name);
      if (!match) throw new Error(`${join(directory, name)}: migration files are named NNN-what-it-does.sql`);
      return {
        version: Number(match[1]),
        name: (match[2] ?? '').replaceAll('-', ' '),
        sql: readFileSync(join(directory, name), 'utf8'),
      };
    });
}
