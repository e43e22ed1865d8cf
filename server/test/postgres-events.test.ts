/**
 * The event log on PostgreSQL (§19, §22): no event is loaded into memory, every page is read by SQL
 * through the table's indexes, and it answers every filter, page and cursor exactly as the memory store
 * does, whichever process recorded the events; retention removes them in the database.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import type { ChangeOp } from '../src/store/postgres/change-rows.js';
import { pageQuery } from '../src/store/postgres/postgres-events.js';
import type { PostgresStore } from '../src/store/postgres/postgres-store.js';
import { events, expectSameAnswers, record } from './support/event-samples.js';
import { postgresStoreTests } from './support/postgres-stores.js';

const { available, newDatabase, open, connect } = postgresStoreTests();

/** Events the memory of `store` holds (a look inside: the point is that it holds none once committed). */
const inMemory = (store: PostgresStore) =>
  Object.keys((store as unknown as { state: { data: { events: object } } }).state.data.events).length;

/** `all` recorded in a memory store (the reference) and by process `a` of two on a new database. */
async function recordedByOneOfTwo(all: Parameters<typeof record>[1]) {
  const reference = createMemoryStore();
  await record(reference, all);
  const url = await newDatabase();
  const [a, b] = [await open(url), await open(url)];
  await record(a, all);
  return { reference, url, a, b };
}

describe.skipIf(!available)('the event log on PostgreSQL', () => {
  it('answers every filter, page and cursor as the memory store does, without events in memory', async () => {
    const all = events(120, { backwardsAt: 100 });
    const reference = createMemoryStore();
    await record(reference, all);
    const url = await newDatabase();
    const [a, b] = [await open(url), await open(url)];
    // Written by two processes, half each: both read all of them from the database.
    await record(a, all.slice(0, 60));
    await record(b, all.slice(60));
    await a.catchUp();
    expect(inMemory(a)).toBe(0);
    expect(inMemory(b)).toBe(0);
    await expectSameAnswers(a, reference);
    await expectSameAnswers(b, reference);
    // A process started later loads no event, and answers the same.
    const later = await open(url);
    expect(inMemory(later)).toBe(0);
    await expectSameAnswers(later, reference);
    // A page asked again is kept until the log changes: another process's event shows once applied.
    const [extra] = events(121).slice(-1);
    await record(b, [extra as (typeof all)[number]]);
    await record(reference, [extra as (typeof all)[number]]);
    await a.catchUp();
    await expectSameAnswers(a, reference);
  });

  it('removes events for retention in the database, for every process', async () => {
    const all = events(40);
    const { reference, a, b } = await recordedByOneOfTwo(all);
    const cutoff = '2026-11-01T00:20:30.000Z';
    const expired = await b.read((view) => view.oldestEvents(cutoff, 100));
    expect(expired).toEqual(all.slice(0, 20).map((event) => event.id));
    await b.write((tx) => tx.removeEvents(expired));
    await reference.write((tx) => tx.removeEvents(expired));
    await a.catchUp();
    await expectSameAnswers(a, reference);
    expect(await a.read((view) => view.oldestEvents(cutoff, 100))).toEqual([]);
  });

  it('keeps an added event in its table only: the change row names it (no process applies another’s)', async () => {
    const all = events(3);
    const { reference, url, b } = await recordedByOneOfTwo(all);
    const rows = await connect(url).query<{ ops: ChangeOp[] }>('SELECT ops FROM flagplane_changes');
    const eventOps = rows.flatMap((row) => row.ops).filter((op) => op.collection === 'events');
    expect(eventOps.map((op) => op.id).sort()).toEqual(all.map((event) => event.id).sort());
    for (const op of eventOps) {
      expect(Object.keys(op).sort()).toEqual(['collection', 'id', 'key', 'parentId', 'record', 'stored']);
      expect([op.record, op.stored]).toEqual([null, true]);
    }
    const stored = await connect(url).query<{ record: unknown }>(
      'SELECT record FROM flagplane_events ORDER BY id',
    );
    expect(stored.map((row) => row.record)).toEqual([...all].sort((x, y) => (x.id < y.id ? -1 : 1)));
    // The other process hears of them through those rows and reads them from the table.
    await b.catchUp();
    await expectSameAnswers(b, reference);
  });

  it('walks the index of the narrowest list the filter names, newest first', async () => {
    const url = await newDatabase();
    const store = await open(url);
    await record(store, events(30));
    const { Database } = await import('../src/store/postgres/database.js');
    const database = new Database({ url, poolSize: 1 });
    try {
      await database.query('SET enable_seqscan = off');
      const plan = async (filter: Parameters<typeof pageQuery>[0]): Promise<string> => {
        const { text, values } = pageQuery(filter, '01a00000-0000-7000-8000-000000000000', 50);
        const rows = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      expect(await plan({ organizationId: 'o1', flagId: 'f1', action: 'toggleFlag' })).toMatch(
        /Index Scan Backward using flagplane_events_by_flag/,
      );
      expect(await plan({ organizationId: 'o1', projectId: 'p1' })).toMatch(
        /Index Scan Backward using flagplane_events_by_project/,
      );
      expect(await plan({ organizationId: 'o1', resourceKind: 'Project' })).toMatch(
        /Index Scan Backward using flagplane_events_by_organization/,
      );
    } finally {
      await database.end();
    }
  });
});
