/**
 * What only the PostgreSQL store (§22) promises, beyond the store interface every store keeps
 * (store-interface.test.ts): two stores on one database see each other's writes, memory that missed a
 * change finds out from the database and loads it again, and `copy-data` moves a file store over whole.
 * How their write batches commit side by side: postgres-commits.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '@flagplane/test-support/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyDataError, copyData } from '../src/copy-data.js';
import { applyIdentities, parseIdentityDocument } from '../src/identity/apply-identities.js';
import { openFileStore } from '../src/store/file/file-store.js';
import { writeLockKey } from '../src/store/postgres/postgres-state.js';
import { loadMigrations } from '../src/store/postgres/schema.js';
import type { EventRecord } from '../src/store/records.js';
import { identities } from './fixtures.js';
import { mainScript } from './support/built-server.js';
import { flagIds as ids, postgresStoreTests } from './support/postgres-stores.js';
import { flagRecord as flag } from './support/store-fixture.js';

const { available, newDatabase, open, connect } = postgresStoreTests();
let directory = '';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-postgres-store-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/**
 * Two stores that followed three writes (f1, f2, f3), and then the database as a backup taken after the
 * first would restore it: changes 2 and 3 and their records gone.
 */
async function restoredAfterFirstOfThree() {
  const url = await newDatabase();
  const [a, b] = [await open(url), await open(url)];
  for (const id of ['f1', 'f2', 'f3']) await a.write((tx) => tx.insert('flags', flag(id, 'p1', id)));
  // A's own commits are announced to it too (§24), and one heard before the write had applied it starts
  // a catch-up round: finished here, before the restore, or it would find the restore on its own later.
  // Notices after this one name changes the stores have applied, which they ignore.
  await Promise.all([a.catchUp(), b.catchUp()]);
  const database = connect(url);
  await database.query('DELETE FROM flagplane_changes WHERE seq > 1');
  await database.query("DELETE FROM flagplane_records WHERE id IN ('f2', 'f3')");
  return { url, a, b };
}

it('takes the same write lock in SQL (flagplane_commit_batch) as in TypeScript', () => {
  const schema = loadMigrations()
    .map((migration) => migration.sql)
    .join('\n');
  const inSql = [...schema.matchAll(/advisory_xact_lock\((\d+)\)/g)].map((match) => match[1]);
  expect(inSql.length).toBeGreaterThan(0);
  for (const key of inSql) expect(key).toBe(writeLockKey.toString());
});

describe.skipIf(!available)('the PostgreSQL store', () => {
  it('shows one store’s acknowledged writes to another after catchUp, and takes each key once', async () => {
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    await a.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    // B may already have it (A's commit notifies B, §24); after catchUp it certainly does.
    await b.catchUp();
    expect(b.peek((view) => view.get('flags', 'f1')?.key)).toBe('alpha');
    // B's memory is current before its writer runs, so the writer itself meets the key.
    await a.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    await expect(b.write((tx) => tx.insert('flags', flag('f3', 'p1', 'beta')))).rejects.toThrow(
      /takes the key/,
    );
    // Whether B had A's change or not: a batch that took a key another's change holds runs again (its
    // footprint names the key), it does not meet the database's unique constraint and load everything.
    expect(b.reloads).toBe(0);
    await a.catchUp();
    expect(a.snapshot()).toEqual(b.snapshot());
  });

  it('follows its own commits and others’ without loading everything again', async () => {
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    const gate = a.createRequestGate(1_000_000, 60_000);
    // Writes of both, and a request round of A sent while A's own commit is on its way (the round's
    // answer can predate that commit: it must not be taken for a database gone back in time).
    for (let index = 0; index < 60; index++) {
      const write = (index % 3 === 0 ? b : a).write((tx) =>
        tx.insert('flags', flag(`f${index}`, 'p1', `key-${index}`)),
      );
      await new Promise((resolve) => setImmediate(resolve)); // the batch has gone out
      await Promise.all([write, gate.admit('token:t1', Date.now())]);
    }
    await Promise.all([a.catchUp(), b.catchUp()]);
    expect(a.snapshot()).toEqual(b.snapshot());
    expect(a.peek((view) => view.countChildren('flags', 'p1'))).toBe(60);
    expect([a.reloads, b.reloads]).toEqual([0, 0]);
  });

  it('answers a key the database holds and memory missed with the writer’s own refusal, after loading again', async () => {
    const url = await newDatabase();
    const store = await open(url);
    // A record written behind the store's back (no change row): only the unique constraint knows it.
    await connect(url).query(
      `INSERT INTO flagplane_records (collection, id, parent_id, key, record)
      VALUES ('flags', 'ghost', 'p1', 'alpha', $1::json)`,
      [JSON.stringify(flag('ghost', 'p1', 'alpha'))],
    );
    await expect(store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')))).rejects.toThrow(
      /takes the key of record "ghost"/,
    );
    expect(store.peek((view) => view.findByKey('flags', 'p1', 'alpha')?.id)).toBe('ghost');
  });

  it('loads everything again when the changes it missed are no longer kept', async () => {
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    for (let index = 0; index < 5; index++) {
      await a.write((tx) => tx.insert('flags', flag(`f${index}`, 'p1', `key-${index}`)));
    }
    // Pruned, as after more than keptChanges commits: B cannot follow the log and must reload.
    await connect(url).query('DELETE FROM flagplane_changes WHERE seq < $1', [a.appliedChange]);
    await b.catchUp();
    expect(b.peek((view) => view.countChildren('flags', 'p1'))).toBe(5);
    expect(b.appliedChange).toBe(a.appliedChange);
  });

  it('notices a database that went back in time (a restored backup), loads it again, and stores what it acknowledges', async () => {
    const { url, a, b } = await restoredAfterFirstOfThree();
    // A write of a process ahead of the database: refused by the database, memory loaded again, written.
    await a.write((tx) => tx.insert('flags', flag('f4', 'p1', 'f4')));
    expect(ids(a)).toEqual(['f1', 'f4']);
    // A process that only reads notices at its next catch-up.
    await b.catchUp();
    expect(ids(b)).toEqual(['f1', 'f4']);
    expect(ids(await open(url))).toEqual(['f1', 'f4']);
  });

  it('tells a restored database written up to its number again from the one it followed', async () => {
    const { a, b } = await restoredAfterFirstOfThree();
    // B writes the log back up to 3 (its first write finds the database behind and reloads).
    await b.write((tx) => tx.insert('flags', flag('f4', 'p1', 'f4')));
    await b.write((tx) => tx.insert('flags', flag('f5', 'p1', 'f5')));
    expect(b.appliedChange).toBe(a.appliedChange);
    // A, idle all along at change 3, learns at its next request that it is another change 3.
    await a.catchUp();
    expect(ids(a)).toEqual(['f1', 'f4', 'f5']);
    expect(a.reloads).toBe(1);
  });

  it('reads and admits requests while another process holds the write lock', async () => {
    const url = await newDatabase();
    const store = await open(url);
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = connect(url).transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${writeLockKey})`);
      locked();
      await released;
    });
    await lockTaken;
    const write = store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the write is waiting for the lock
    const started = performance.now();
    expect(await store.read((view) => view.get('flags', 'f1')?.key)).toBe('alpha');
    await store.createRequestGate(1_000_000, 60_000).admit('token:t1', Date.now());
    expect(performance.now() - started).toBeLessThan(1000);
    release();
    await holder;
    await write;
    expect(store.peek((view) => view.get('flags', 'f2')?.key)).toBe('beta');
  });

  it('copy-data moves a file store whole (identities, token hashes, cursor secret, events) into an empty database', async () => {
    const path = join(directory, 'copied.json');
    const file = await openFileStore({ path });
    await applyIdentities(file, parseIdentityDocument(identities, 'identities'), new Date());
    await file.write((tx) => {
      for (let index = 0; index < 30; index++) tx.insert('flags', flag(`f${index}`, 'p1', `key-${index}`));
      tx.insert('events', {
        id: '01a00000-0000-7000-8000-000000000001',
        organizationId: 'o1',
        createdAt: '2026-01-01T00:00:00.000Z',
        project: null,
        flag: { id: 'f1', key: 'key-1' },
      } as unknown as EventRecord);
    });
    const original = file.snapshot();
    expect(Object.keys(original.credentials).length).toBeGreaterThan(0);
    await file.close();

    const url = await newDatabase();
    const counts = await copyData(path, url);
    expect(counts).toMatchObject({ flags: 30, events: 1 });
    // The event log stays in the database (postgres-events.ts): it is read, not part of the snapshot.
    const copied = await open(url);
    expect(copied.snapshot()).toEqual({ ...original, events: {} });
    expect(await copied.read((view) => view.eventPage({ organizationId: 'o1' }, null, 10))).toEqual(
      Object.values(original.events),
    );
    // A second copy into the same database is refused and changes nothing.
    await expect(copyData(path, url)).rejects.toThrow(CopyDataError);
    await expect(copyData(path, url)).rejects.toThrow(/already holds Flagplane data/);
    await expect(copyData(join(directory, 'missing.json'), url)).rejects.toThrow(/no data file at/);
  });

  it('flagplane-server copy-data prints what it copied, and refuses what it cannot do in one line', async () => {
    const path = join(directory, 'command.json');
    const file = await openFileStore({ path });
    await file.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    await file.close();
    const url = await newDatabase();

    const copied = await runProcess(process.execPath, [mainScript, 'copy-data', '--from', path, '--to', url]);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toMatch(
      /^Copied .*command\.json into postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+:$/m,
    );
    expect(copied.stdout).toMatch(/^ {2}flags +1$/m);

    const again = await runProcess(process.execPath, [
      mainScript,
      'copy-data',
      `--from=${path}`,
      `--to=${url}`,
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/already holds Flagplane data/);

    const usage = await runProcess(process.execPath, [mainScript, 'copy-data', '--from', path]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/copy-data needs --from and --to/);
  });
});
