/**
 * How the write batches of several processes on one PostgreSQL database commit (§22, issue #33): one
 * after the other in one round trip each when none depended on what the other changed (its footprint,
 * store/footprint.ts), run again under the write lock when one did, as if one at a time either way; and
 * every query that catches up reads the change log in number order.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeOp, ChangeRow } from '../src/store/postgres/change-rows.js';
import {
  changesAfter,
  lastChange,
  lockAndReadChangesSql,
  toChangeRows,
} from '../src/store/postgres/postgres-state.js';
import type { PostgresStore } from '../src/store/postgres/postgres-store.js';
import { countAndReadChanges } from '../src/store/postgres/request-round.js';
import type { Transaction } from '../src/store/store.js';
import { flagIds as ids, postgresStoreTests } from './support/postgres-stores.js';
import { flagRecord as flag } from './support/store-fixture.js';

const { available, newDatabase, open, connect } = postgresStoreTests();

/** Commits `count` changes, one flag each (f0, f1, …): a log of changes numbered 1 to `count`. */
async function commitFlags(store: PostgresStore, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    await store.write((tx) => tx.insert('flags', flag(`f${index}`, 'p1', `key-${index}`)));
  }
}

describe.skipIf(!available)('write batches of two processes on one database', () => {
  it('commits two processes’ writes of different records one after the other, each in one round trip', async () => {
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    // Sent together: each batch runs on memory without the other's change, and one commits after it.
    const positionsWhenAnswered = await Promise.all([
      a.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha'))).then(() => a.appliedChange),
      b.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta'))).then(() => b.appliedChange),
    ]);
    expect([a.batchesUnderLock, b.batchesUnderLock]).toEqual([0, 0]);
    // The one that committed second applied the first's change with its own answer.
    expect(positionsWhenAnswered.sort()).toEqual([1, 2]);
    expect((b.appliedChange === 2 ? b : a).peek((view) => view.countChildren('flags', 'p1'))).toBe(2);
    await Promise.all([a.catchUp(), b.catchUp()]);
    expect(ids(a)).toEqual(['f1', 'f2']);
    expect(a.snapshot()).toEqual(b.snapshot());
    expect([a.reloads, b.reloads]).toEqual([0, 0]);
  });

  it('runs a batch again under the lock when a change it missed touched a record its writers read', async () => {
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    await a.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha', '')));
    await b.catchUp();
    const append = (suffix: string) => (tx: Transaction) => {
      const current = tx.get('flags', 'f1');
      if (current === undefined) throw new Error('f1 is gone');
      tx.put('flags', { ...current, name: `${current.name}${suffix}` });
    };
    await Promise.all([a.write(append('a')), b.write(append('b'))]);
    await Promise.all([a.catchUp(), b.catchUp()]);
    // Neither write is lost: the second ran again on top of the first.
    expect([...(a.peek((view) => view.get('flags', 'f1')?.name) ?? '')].sort()).toEqual(['a', 'b']);
    expect(a.batchesUnderLock + b.batchesUnderLock).toBe(1);
    expect(a.snapshot()).toEqual(b.snapshot());
  });

  it('runs a batch again when a change it missed added to the children its writers counted', async () => {
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    const recordCount = (id: string) => (tx: Transaction) =>
      tx.insert('flags', flag(id, 'p1', id, `saw ${tx.countChildren('flags', 'p1')}`));
    await Promise.all([a.write(recordCount('fa')), b.write(recordCount('fb'))]);
    await Promise.all([a.catchUp(), b.catchUp()]);
    // As if one after the other: the second saw the first (two "saw 0" would be a write skew).
    const names = a.peek((view) => view.children('flags', 'p1').map((record) => record.name));
    expect([...names].sort()).toEqual(['saw 0', 'saw 1']);
  });

  it('runs a batch again when a change it missed removed a record from the children its writers counted', async () => {
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    await a.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    await b.catchUp();
    await Promise.all([
      a.write((tx) => tx.remove('flags', 'f1')),
      b.write((tx) => tx.insert('flags', flag('fb', 'p2', 'beta', `saw ${tx.countChildren('flags', 'p1')}`))),
    ]);
    await Promise.all([a.catchUp(), b.catchUp()]);
    // Whichever committed first, the count matches it: the removal's change names the parent it left.
    const changes = await connect(url).query<{ seq: string; ops: ChangeOp[] }>(
      'SELECT c.seq::text AS seq, c.ops FROM flagplane_changes c ORDER BY c.seq',
    );
    const seqWhere = (test: (op: ChangeOp) => boolean) =>
      Number(changes.find((row) => row.ops.some(test))?.seq);
    const removal = seqWhere((op) => op.id === 'f1' && op.record === null);
    const insertion = seqWhere((op) => op.id === 'fb');
    expect(b.peek((view) => view.get('flags', 'fb')?.name)).toBe(removal < insertion ? 'saw 0' : 'saw 1');
    expect(a.snapshot()).toEqual(b.snapshot());
  });

  it('names the parent a record left in a change committed under the lock, too', async () => {
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    await a.write((tx) => {
      tx.insert('flags', flag('f1', 'p1', 'alpha'));
      tx.insert('flags', flag('f2', 'p2', 'beta'));
    });
    await b.catchUp();
    await b.write((tx) => tx.put('flags', flag('f2', 'p2', 'beta', 'renamed')));
    // A has not applied B's change yet (a notice waits for a round): its batch read f2, so it runs again
    // under the lock, and the removal it commits there names p1 all the same.
    await a.write((tx) => {
      tx.get('flags', 'f2');
      tx.remove('flags', 'f1');
    });
    expect(a.batchesUnderLock).toBe(1);
    const [removal] = await connect(url).query<{ touches: string[] }>(
      'SELECT touches FROM flagplane_changes ORDER BY seq DESC LIMIT 1',
    );
    expect(removal?.touches).toContain('s:flags:p1');
  });

  it('still commits for a server from before migration 003 (its changes touch everything)', async () => {
    const url = await newDatabase();
    const store = await open(url);
    const database = connect(url);
    const op = (id: string, parentId: string) => ({
      collection: 'flags',
      id,
      parentId,
      key: id,
      record: flag(id, parentId, id),
    });
    const oldCall = (seq: number, token: string | null) =>
      database.query<{ committed: boolean }>(
        'SELECT flagplane_commit_batch($1, $2, $3::json, $4, false) AS committed',
        [seq, token, JSON.stringify([op('old', 'p1')]), `old-${seq}`],
      );
    expect((await oldCall(0, null))[0]?.committed).toBe(true);
    expect((await oldCall(0, null))[0]?.committed).toBe(false); // behind: it catches up under the lock
    const [row] = await database.query<{ touches: string[] | null }>('SELECT touches FROM flagplane_changes');
    expect(row?.touches).toBeNull();
    // A newer server's batch that missed it is refused whatever it read: it runs again under the lock.
    const [answer] = await database.query<{ committed: unknown }>(
      'SELECT flagplane_commit_batch(0, NULL, $1::json, $2, false, $3::text[], $4::text[]) AS committed',
      [JSON.stringify([op('new', 'p2')]), 'new-1', ['r:flags:new', 'c:flags', 's:flags:p2'], ['r:flags:new']],
    );
    expect(answer?.committed).toBeNull();
    await store.catchUp();
    expect(ids(store)).toEqual(['old']);
  });

  it('checks a batch against the changes it missed only, not every change kept (also in a generic plan)', async () => {
    const url = await newDatabase();
    await commitFlags(await open(url), 30);
    const database = connect(url);
    const [applied] = await database.query<{ token: string }>(
      'SELECT token FROM flagplane_changes WHERE seq = 28',
    );
    const probe = {
      collection: 'flags',
      id: 'probe',
      parentId: 'p9',
      key: 'probe',
      record: flag('probe', 'p9', 'probe'),
    };
    const outcome = await database.transaction(async (tx) => {
      // A plan made once for every expected_seq (as PL/pgSQL's cached plans become) must still read the
      // missed changes by number: an open-ended EXISTS was planned as a scan of the whole log, under the lock.
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      const [answer] = await tx.query<{ committed: { seq: number; missed: { seq: number }[] } | null }>(
        'SELECT flagplane_commit_batch($1, $2, $3::json, $4, false, $5::text[], $6::text[]) AS committed',
        [
          28,
          applied?.token,
          JSON.stringify([probe]),
          'probe',
          ['r:flags:probe', 's:flags:p9'],
          ['r:flags:probe'],
        ],
      );
      const [scans] = await tx.query<{ seq_scan: string }>(
        "SELECT seq_scan::text FROM pg_stat_xact_user_tables WHERE relname = 'flagplane_changes'",
      );
      return { committed: answer?.committed, seqScans: Number(scans?.seq_scan) };
    });
    expect(outcome.committed?.seq).toBe(31);
    expect(outcome.committed?.missed.map((change) => change.seq)).toEqual([29, 30]);
    expect(outcome.seqScans).toBe(0);
  });

  it('reads the changes it missed in number order past 9 (not as text), in every query that catches up', async () => {
    const url = await newDatabase();
    await commitFlags(await open(url), 12);
    const database = connect(url);
    const seqs = (rows: readonly ChangeRow[]) => rows.map((row) => row.seq);
    expect(seqs(await changesAfter(database, 7, 1000))).toEqual([8, 9, 10, 11, 12]);
    expect(seqs(await changesAfter(database, 7, 2))).toEqual([8, 9]);
    expect(seqs((await countAndReadChanges(database, [], 7, 1000)).rows)).toEqual([8, 9, 10, 11, 12]);
    const underLock = await database.transaction(async (_tx, opened) => toChangeRows(opened), {
      opening: lockAndReadChangesSql(7, 1000),
    });
    expect(seqs(underLock)).toEqual([8, 9, 10, 11, 12]);
    expect((await lastChange(database)).seq).toBe(12);
  });
});
