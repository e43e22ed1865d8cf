/**
 * §19 queries against events that are only on disk: a file store that compacts at every commit keeps
 * no event in memory, and a reopened one starts with all of them in segments. Every page, filter and
 * cursor must answer exactly what the memory store (event-index.ts, the reference the black-box tests
 * check) answers for the same events; and the index files are derived data, rebuilt when lost or torn.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { events, expectSameAnswers, record } from '../../../test/support/event-samples.js';
import { useDataFile } from '../../../test/support/store-fixture.js';
import { createMemoryStore } from '../memory-store.js';
import type { EventRecord } from '../records.js';
import type { Store } from '../store.js';

const fixture = useDataFile('disk-events');
let path: string;
beforeEach(() => {
  ({ path } = fixture);
});

/** How many events the store holds in memory (a look inside: the point is that it holds none). */
const inMemory = (store: Store) =>
  Object.keys((store as unknown as { state: { data: { events: object } } }).state.data.events).length;

describe('events on disk', () => {
  it('answers every filter, page and cursor as the memory store does, live and after a restart', async () => {
    const all = events(120);
    const reference = createMemoryStore();
    await record(reference, all);
    // A compaction whenever the journal is not empty: every event but the last commit's is in a segment.
    const store = await fixture.open({ compactAfterBytes: 1 });
    await record(store, all);
    expect(inMemory(store)).toBe(1);
    await expectSameAnswers(store, reference);
    await store.close();

    const reopened = await fixture.open();
    expect(inMemory(reopened)).toBe(0);
    await expectSameAnswers(reopened, reference);
  });

  it('merges the events still in memory (the journal’s) with those on disk', async () => {
    const all = events(60);
    const reference = createMemoryStore();
    await record(reference, all);
    const store = await fixture.open({ compactAfterBytes: 4000 });
    await record(store, all);
    expect(inMemory(store)).toBeGreaterThan(0);
    expect(inMemory(store)).toBeLessThan(all.length);
    await expectSameAnswers(store, reference);
  });

  it('keeps the id order when the clock was set back between segments', async () => {
    const all = events(80, { backwardsAt: 50 });
    const reference = createMemoryStore();
    await record(reference, all);
    const store = await fixture.open({ compactAfterBytes: 1 });
    await record(store, all);
    await expectSameAnswers(store, reference);
    await store.close();
    await expectSameAnswers(await fixture.open(), reference);
  });

  it('removes events on disk for retention, and the removal holds across a rewrite and a restart', async () => {
    const all = events(90);
    const reference = createMemoryStore();
    await record(reference, all);
    const store = await fixture.open({ compactAfterBytes: 1 });
    await record(store, all);
    const cutoff = '2026-11-01T00:30:30.000Z';
    const expired = await store.read((view) => view.oldestEvents(cutoff, 1000));
    // The memory store walks each organization in turn, the disk all in id order: the same events.
    expect([...expired].sort()).toEqual(
      (await reference.read((view) => view.oldestEvents(cutoff, 1000))).sort(),
    );
    expect(expired).toHaveLength(30);
    for (const target of [store, reference]) {
      expect(await target.write((tx) => tx.removeEvents(expired.slice(0, 10)))).toBe(10);
      // Those already gone are skipped.
      expect(await target.write((tx) => tx.removeEvents(expired))).toBe(20);
    }
    await expectSameAnswers(store, reference);
    // A rolled-back removal puts the event back.
    await expect(
      store.write((tx) => {
        tx.removeEvents([(all[40] as EventRecord).id]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expectSameAnswers(store, reference);
    await store.write((tx) => tx.insert('flags', { id: 'f', projectId: 'p', key: 'k' } as never)); // compacts: a rewrite
    await expectSameAnswers(store, reference);
    await store.close();
    const reopened = await fixture.open();
    await expectSameAnswers(reopened, reference);
    expect(await reopened.read((view) => view.oldestEvents(cutoff, 1000))).toEqual([]);
  });

  it('builds an index again from its segment when the index file is missing, torn or someone else’s', async () => {
    const all = events(40);
    const reference = createMemoryStore();
    await record(reference, all);
    const store = await fixture.open({ compactAfterBytes: 1 });
    await record(store, all);
    await store.close();
    const beside = (await readdir(dirname(path))).filter((name) =>
      name.startsWith(`${basename(path)}.event-index-`),
    );
    expect(beside.length).toBeGreaterThan(2);
    const [missing, torn, swapped] = beside.map((name) => join(dirname(path), name)) as [
      string,
      string,
      string,
    ];
    await rm(missing);
    const bytes = await readFile(torn);
    await writeFile(torn, bytes.subarray(0, bytes.length - 9));
    // Another segment's index: the segment's size it records is not this one's.
    await writeFile(swapped, await readFile(join(dirname(path), beside.at(-1) as string)));
    const reopened = await fixture.open();
    await expectSameAnswers(reopened, reference);
    await reopened.close();
    // Built again and kept: the next start reads them as they are.
    expect((await readFile(torn)).length).toBe(bytes.length);
  });

  it('refuses to start, naming the segment, when a segment without its index is not an event log', async () => {
    const store = await fixture.open({ compactAfterBytes: 1 });
    await record(store, events(3));
    await store.close();
    const { eventSegments } = JSON.parse(await readFile(path, 'utf8')) as { eventSegments: string[] };
    const segment = `${path}.${eventSegments[0]}`;
    await writeFile(segment, '{"id": "not json at all\n');
    await rm(`${path}.event-index-${/\d+/.exec(eventSegments[0] as string)?.[0]}`);
    await expect(fixture.open()).rejects.toThrow(/event segment .* has a line 1 that is not JSON/);
  });
});
