/**
 * §19 queries against events that are only on disk: a file store that compacts at every commit keeps
 * no event in memory, and a reopened one starts with all of them in segments. Every page, filter and
 * cursor must answer exactly what the memory store (event-index.ts, the reference the black-box tests
 * check) answers for the same events; and the index files are derived data, rebuilt when lost or torn.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDataFile } from '../../../test/support/store-fixture.js';
import type { EventFilter } from '../event-filter.js';
import { createMemoryStore } from '../memory-store.js';
import type { EventRecord } from '../records.js';
import type { Store } from '../store.js';

const fixture = useDataFile('disk-events');
let path: string;
beforeEach(() => {
  ({ path } = fixture);
});

/** A deterministic spread of events over 2 organizations, 3 projects, 4 flags, actors and kinds. */
function events(count: number, options: { readonly backwardsAt?: number } = {}): EventRecord[] {
  const all: EventRecord[] = [];
  for (let n = 1; n <= count; n++) {
    // Past `backwardsAt` the clock was set back an hour: ids no longer follow the order of writing.
    const at =
      Date.UTC(2026, 10, 1) + n * 60_000 - (options.backwardsAt && n > options.backwardsAt ? 3_600_000 : 0);
    const time = at.toString(16).padStart(12, '0');
    const id = `${time.slice(0, 8)}-${time.slice(8)}-7000-8000-${n.toString(16).padStart(12, '0')}`;
    const project = n % 7 === 0 ? null : { id: `p${n % 3}`, key: `project-${n % 3}` };
    const flag = project && n % 5 !== 0 ? { id: `f${n % 4}`, key: `flag-${n % 4}` } : null;
    all.push({
      id,
      organizationId: n % 11 === 0 ? 'o2' : 'o1',
      // Now and then a time in a form toISOString would not write: the index must read that event.
      createdAt:
        n % 13 === 0 ? new Date(at).toISOString().replace('Z', '+00:00') : new Date(at).toISOString(),
      action: n % 2 === 0 ? 'toggleFlag' : 'updateFlag',
      actor:
        n % 3 === 0
          ? { kind: 'ServiceToken', id: 't1', name: 'bot', email: null }
          : { kind: 'User', id: `u${n % 2}`, name: 'Mel', email: `mel${n % 2}@acme.test` },
      client: n % 4 === 0 ? null : 'flagplane-cli/0.3.0',
      requestId: `req-${n}`,
      project,
      environment: project && n % 2 === 0 ? { id: 'e1', key: 'production' } : null,
      flag,
      resource: flag
        ? { kind: 'FlagEnvironment', id: flag.id, key: flag.key }
        : { kind: 'Project', id: project?.id ?? 'x', key: project?.key ?? null },
      changes: [{ path: 'isEnabled', before: n % 2 === 0, after: n % 2 === 1 }],
    });
  }
  return all;
}

const filters: EventFilter[] = [
  { organizationId: 'o1' },
  { organizationId: 'o2' },
  { organizationId: 'o1', projectId: 'p1' },
  { organizationId: 'o1', flagId: 'f2' },
  { organizationId: 'o1', projectId: 'p2', flagId: 'f2' },
  { organizationId: 'o1', flagIds: ['f1', 'f3'] },
  { organizationId: 'o1', flagKey: 'flag-0' },
  { organizationId: 'o1', environment: { key: 'production' } },
  { organizationId: 'o1', environment: { id: 'e1' }, resourceKind: 'FlagEnvironment' },
  { organizationId: 'o1', resourceKind: 'Project' },
  { organizationId: 'o1', action: 'toggleFlag', actor: 'mel0@acme.test' },
  { organizationId: 'o1', actor: 't1' },
  { organizationId: 'o1', since: '2026-11-01T00:40:00.000Z', until: '2026-11-01T01:10:00.000Z' },
  { organizationId: 'o1', projectKeys: ['project-1'] },
  { organizationId: 'o1', projectKeys: [] },
  { organizationId: 'nobody' },
  { organizationId: 'o1', flagId: 'no-such-flag' },
];

/** Every page of `filter`, `limit` at a time, following the last id like the cursor does. */
async function allPages(store: Store, filter: EventFilter, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let before: string | null = null;
  for (;;) {
    const cursor = before;
    const page = await store.read((view) => view.eventPage(filter, cursor, limit));
    pages.push(page.map((event) => event.id));
    if (page.length < limit) return pages;
    before = (page[page.length - 1] as EventRecord).id;
  }
}

async function expectSameAnswers(store: Store, reference: Store): Promise<void> {
  for (const filter of filters) {
    for (const limit of [1, 7, 200]) {
      expect(await allPages(store, filter, limit), JSON.stringify({ filter, limit })).toEqual(
        await allPages(reference, filter, limit),
      );
    }
  }
  const page = await store.read((view) => view.eventPage({ organizationId: 'o1' }, null, 5));
  const expected = await reference.read((view) => view.eventPage({ organizationId: 'o1' }, null, 5));
  expect(page).toEqual(expected); // whole records, read back from the segments
}

/** Writes `all` one commit each, as the server records them. */
async function record(store: Store, all: readonly EventRecord[]): Promise<void> {
  for (const event of all) await store.write((tx) => tx.insert('events', event));
}

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
