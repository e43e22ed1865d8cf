/**
 * The throwaway cluster the PostgreSQL store's tests start: it runs, with fsync on, takes databases,
 * stops and starts again on the same port with its data, and leaves nothing behind.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresAvailable, postgresBinaries, startPostgres } from '../src/postgres.js';
import { runProcess } from '../src/process.js';

/** psql on the cluster (TCP, trust), one statement, unaligned tuples only. */
async function query(url: string, sql: string) {
  return runProcess(path.join(postgresBinaries ?? '', 'psql'), [
    '-X',
    '-At',
    '-v',
    'ON_ERROR_STOP=1',
    url,
    '-c',
    sql,
  ]);
}

describe.skipIf(!postgresAvailable())('a throwaway PostgreSQL cluster', () => {
  it('runs on its own port with fsync on, keeps its data across a restart, and removes everything', async () => {
    const cluster = await startPostgres();
    try {
      expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
      expect((await query(cluster.url, 'SHOW fsync')).stdout.trim()).toBe('on');
      const database = await cluster.createDatabase('flagplane_test');
      expect(
        (await query(database, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$x$$)')).code,
      ).toBe(0);

      await cluster.stop();
      const refused = await query(database, 'SELECT 1');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/connection|refused|server/i);

      await cluster.start();
      expect((await query(database, 'SELECT value FROM kept')).stdout.trim()).toBe('x');
    } finally {
      await cluster.destroy();
    }
    expect(existsSync(cluster.dataDirectory)).toBe(false);
  });

  it('refuses a database name it would have to quote', async () => {
    const cluster = await startPostgres();
    try {
      await expect(cluster.createDatabase('x; DROP DATABASE postgres')).rejects.toThrow(
        /not a plain database name/,
      );
    } finally {
      await cluster.destroy();
    }
  });
});
