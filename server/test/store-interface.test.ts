/**
 * The store interface (store.ts) as every store must keep it: the memory store, the file store and the
 * PostgreSQL store (§22) pass the same tests. What only one store promises (the file store's crash
 * images, PostgreSQL's several processes) is tested beside it, in its own files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PostgresCluster, postgresAvailable, startPostgres } from '@flagplane/test-support/postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openFileStore } from '../src/store/file/file-store.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { openPostgresStore } from '../src/store/postgres/postgres-store.js';
import type { EventRecord, StoreData } from '../src/store/records.js';
import type { Store } from '../src/store/store.js';
import { emptyStoreData } from '../src/store/store-data.js';
import { flagRecord as flag, projectRecord as project } from './support/store-fixture.js';
import { createTestDatabase } from './support/test-databases.js';

interface StoreKind {
  readonly name: string;
  /** A new, empty store; with `seed`, one holding a copy of it. */
  open(): Promise<Store>;
  /** The same store opened again after `close` (null: nothing outlives the process). */
  reopen: ((closed: Store) => Promise<Store>) | null;
}

const withPostgres = postgresAvailable();
let cluster: PostgresCluster | undefined;
const opened: Store[] = [];
const directories: string[] = [];

beforeAll(async () => {
  if (withPostgres) cluster = await startPostgres();
});
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((store) => store.close()));
});
afterAll(async () => {
  await cluster?.destroy();
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

function track(store: Store): Store {
  opened.push(store);
  return store;
}

const locations = new WeakMap<Store, string>();

const kinds: StoreKind[] = [
  { name: 'memory', open: async () => track(createMemoryStore()), reopen: null },
  {
    name: 'file',
    async open() {
      const directory = await mkdtemp(join(tmpdir(), 'flagplane-store-interface-'));
      directories.push(directory);
      const store = track(await openFileStore({ path: join(directory, 'data.json') }));
      locations.set(store, join(directory, 'data.json'));
      return store;
    },
    async reopen(closed) {
      const path = locations.get(closed) ?? '';
      const store = track(await openFileStore({ path }));
      locations.set(store, path);
      return store;
    },
  },
  ...(withPostgres
    ? [
        {
          name: 'postgres',
          async open() {
            const url = await createTestDatabase(cluster?.url ?? '');
            const store = track(await openPostgresStore({ url, poolSize: 3 }));
            locations.set(store, url);
            return store;
          },
          async reopen(closed: Store) {
            const url = locations.get(closed) ?? '';
            const store = track(await openPostgresStore({ url, poolSize: 3 }));
            locations.set(store, url);
            return store;
          },
        },
      ]
    : []),
];

function event(id: string, organizationId: string, flagId: string | null, createdAt: string): EventRecord {
  return {
    id,
    organizationId,
    createdAt,
    action: 'updateFlag',
    actor: { id: 'u1', kind: 'User', name: 'Olive', email: 'olive@acme.test' },
    client: null,
    requestId: `request-${id}`,
    project: { id: 'p1', key: 'web' },
    environment: null,
    flag: flagId === null ? null : { id: flagId, key: flagId },
    resource: { kind: 'Flag', id: flagId ?? 'x', key: flagId },
    changes: [],
  } as unknown as EventRecord;
}

describe.each(kinds)('the $name store', (kind) => {
  it('starts empty, with a cursor secret of its own', async () => {
    const store = await kind.open();
    const data = store.snapshot();
    expect(data.schemaVersion).toBe(2);
    expect(data.cursorSecret).toMatch(/^[\w-]{43}$/);
    expect(await store.read((view) => [...view.all('flags')])).toEqual([]);
  });

  it('writes, reads its own writes through the indexes, and rolls back a throwing writer', async () => {
    const store = await kind.open();
    expect(await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')))).toBeUndefined();
    expect(store.peek((view) => view.findByKey('flags', 'p1', 'alpha')?.id)).toBe('f1');
    const version = store.peek((view) => view.childrenVersion('flags', 'p1'));
    await expect(
      store.write((tx) => {
        tx.remove('flags', 'f1');
        tx.insert('flags', flag('f2', 'p1', 'alpha'));
        throw new Error('nope');
      }),
    ).rejects.toThrow('nope');
    expect(await store.read((view) => view.findByKey('flags', 'p1', 'alpha')?.id)).toBe('f1');
    expect(await store.read((view) => view.children('flags', 'p1').map((f) => f.id))).toEqual(['f1']);
    expect(store.peek((view) => view.childrenVersion('flags', 'p1'))).toBe(version);
  });

  it('answers each of many concurrent writes with its own result; a refused one changes nothing', async () => {
    const store = await kind.open();
    const writes = Array.from({ length: 40 }, (_, index) =>
      store.write((tx) => {
        if (index === 7) throw new Error('seven refused');
        tx.insert('flags', flag(`f${index}`, 'p1', `key-${index}`));
        return index * 2;
      }),
    );
    const outcomes = await Promise.allSettled(writes);
    outcomes.forEach((outcome, index) => {
      if (index === 7)
        expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'seven refused' } });
      else expect(outcome).toEqual({ status: 'fulfilled', value: index * 2 });
    });
    expect(await store.read((view) => view.countChildren('flags', 'p1'))).toBe(39);
    expect(store.peek((view) => view.get('flags', 'f7'))).toBeUndefined();
  });

  it('refuses a key taken in the same parent, and lets another parent use it', async () => {
    const store = await kind.open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    await expect(store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'alpha')))).rejects.toThrow(
      /takes the key/,
    );
    await store.write((tx) => tx.insert('flags', flag('f3', 'p2', 'alpha')));
    expect(await store.read((view) => [...view.all('flags')].map((f) => f.id).sort())).toEqual(['f1', 'f3']);
  });

  it('frees a key and takes it again in one write', async () => {
    const store = await kind.open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    await store.write((tx) => {
      tx.remove('flags', 'f1');
      tx.insert('flags', flag('f2', 'p1', 'alpha'));
    });
    expect(await store.read((view) => view.findByKey('flags', 'p1', 'alpha')?.id)).toBe('f2');
  });

  it('hands out the same children array until a child changes', async () => {
    const store = await kind.open();
    await store.write((tx) => {
      tx.insert('projects', project('p1', 'o1', 'web'));
      tx.insert('flags', flag('f1', 'p1', 'alpha'));
    });
    const first = store.peek((view) => view.children('flags', 'p1'));
    expect(store.peek((view) => view.children('flags', 'p1'))).toBe(first);
    await store.write((tx) => tx.put('flags', flag('f1', 'p1', 'alpha', 'renamed')));
    const second = store.peek((view) => view.children('flags', 'p1'));
    expect(second).not.toBe(first);
    expect(second.map((f) => f.name)).toEqual(['renamed']);
  });

  it('pages events newest first by organization and flag, and finds the oldest for retention', async () => {
    const store = await kind.open();
    await store.write((tx) => {
      tx.insert(
        'events',
        event('01a00000-0000-7000-8000-000000000001', 'o1', 'f1', '2026-01-01T00:00:00.000Z'),
      );
      tx.insert(
        'events',
        event('01a00000-0000-7000-8000-000000000002', 'o1', 'f2', '2026-02-01T00:00:00.000Z'),
      );
      tx.insert(
        'events',
        event('01a00000-0000-7000-8000-000000000003', 'o2', 'f1', '2026-03-01T00:00:00.000Z'),
      );
    });
    const ids = async (events: Promise<readonly (EventRecord | string)[]>) =>
      (await events).map((e) => (typeof e === 'string' ? e : e.id).slice(-1));
    expect(await store.peek((view) => ids(view.eventPage({ organizationId: 'o1' }, null, 10)))).toEqual([
      '2',
      '1',
    ]);
    expect(
      await store.peek((view) => ids(view.eventPage({ organizationId: 'o1', flagId: 'f1' }, null, 10))),
    ).toEqual(['1']);
    expect(await store.peek((view) => ids(view.oldestEvents('2026-02-15T00:00:00.000Z', 10)))).toEqual([
      '1',
      '2',
    ]);
    await store.write((tx) => tx.remove('events', '01a00000-0000-7000-8000-000000000001'));
    expect(await store.peek((view) => ids(view.eventPage({ organizationId: 'o1' }, null, 10)))).toEqual([
      '2',
    ]);
  });

  it('replaces the whole state, keeping the caller’s seed intact', async () => {
    const store = await kind.open();
    await store.write((tx) => tx.insert('flags', flag('old', 'p1', 'old')));
    const seed: StoreData = emptyStoreData();
    seed.flags = { f1: flag('f1', 'p1', 'alpha') };
    await store.replace(seed);
    expect(await store.read((view) => [...view.all('flags')].map((f) => f.id))).toEqual(['f1']);
    await store.write((tx) => tx.put('flags', flag('f1', 'p1', 'alpha', 'changed')));
    expect(seed.flags.f1?.name).toBe('alpha');
    expect(store.snapshot().cursorSecret).toBe(seed.cursorSecret);
  });

  it('refuses a write or read nested inside a writer, and a writer returning a promise', async () => {
    const store = await kind.open();
    let nested: Promise<unknown> | undefined;
    await store.write((tx) => {
      tx.insert('flags', flag('f1', 'p1', 'alpha'));
      nested = store.write((inner) => inner.remove('flags', 'f1'));
      nested.catch(() => {}); // awaited below, after the outer write
    });
    await expect(nested).rejects.toThrow(/inside a writer/);
    await expect(
      store.write(async (tx) => {
        tx.remove('flags', 'f1');
      }),
    ).rejects.toThrow(/must be synchronous/);
    expect(store.snapshot().flags.f1).toBeDefined();
  });

  it.skipIf(kind.reopen === null)('keeps every acknowledged write when opened again', async () => {
    const store = await kind.open();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        store.write((tx) => tx.insert('flags', flag(`f${index}`, 'p1', `key-${index}`))),
      ),
    );
    await store.write((tx) => tx.remove('flags', 'f3'));
    const before = store.snapshot();
    await store.close();
    const again = await kind.reopen?.(store);
    expect(again?.snapshot()).toEqual(before);
  });

  it('reads at once only when a read would answer the same at once, and never once closed', async () => {
    const store = await kind.open();
    expect(store.readsAtOnce()).toBe(true);
    const writing = store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const atOnce = store.readsAtOnce();
    const peeked = store.peek((view) => view.get('flags', 'f1') !== undefined);
    const read = store.read((view) => view.get('flags', 'f1') !== undefined);
    // The memory store's writes are durable once applied; the file store's wait for their fsync.
    if (kind.name === 'memory') expect([atOnce, peeked]).toEqual([true, true]);
    if (kind.name === 'file') expect([atOnce, peeked]).toEqual([false, true]);
    if (atOnce) expect(await read).toBe(peeked);
    else expect(await read).toBe(true);
    await writing;
    expect(store.readsAtOnce()).toBe(true);
    await store.close();
    expect(store.readsAtOnce()).toBe(false);
  });

  it('close is idempotent and refuses later use', async () => {
    const store = await kind.open();
    await Promise.all([store.close(), store.close()]);
    await expect(store.write(() => 1)).rejects.toThrow(/closed/);
  });
});
