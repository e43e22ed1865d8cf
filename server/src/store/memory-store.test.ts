import { describe, expect, it } from 'vitest';
import { flagRecord as flag } from '../../test/support/store-fixture.js';
import { createMemoryStore } from './memory-store.js';
import type { StoreData } from './records.js';
import { emptyStoreData } from './store-data.js';

describe('createMemoryStore', () => {
  it('starts empty with a cursor secret', async () => {
    const store = createMemoryStore();
    const data = store.snapshot();
    expect(data.schemaVersion).toBe(2);
    expect(data.cursorSecret).toMatch(/^[\w-]{43}$/);
    expect(await store.read((view) => [...view.all('flags')])).toEqual([]);
  });

  it('writes, reads its own writes through the indexes, and rolls back a throwing writer', async () => {
    const store = createMemoryStore();
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

  it('resolves a write without waiting for anything but the transaction', async () => {
    const store = createMemoryStore();
    let resolved = false;
    const write = store
      .write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')))
      .then(() => {
        resolved = true;
      });
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(true);
    await write;
  });

  it('copies the initial data and the data given to replace, so the caller’s seed stays intact', async () => {
    const seed: StoreData = emptyStoreData();
    seed.flags = { f1: flag('f1', 'p1', 'alpha') };
    const store = createMemoryStore(seed);
    await store.write((tx) => tx.remove('flags', 'f1'));
    expect(seed.flags.f1).toBeDefined();
    await store.replace(seed);
    expect(await store.read((view) => view.get('flags', 'f1')?.key)).toBe('alpha');
    await store.write((tx) => tx.put('flags', flag('f1', 'p1', 'alpha', 'changed')));
    expect(seed.flags.f1?.name).toBe('alpha');
    expect(store.snapshot().cursorSecret).toBe(seed.cursorSecret);
  });

  it('refuses invalid initial data', () => {
    expect(() => createMemoryStore({ ...emptyStoreData(), users: [] } as unknown as StoreData)).toThrow(
      /"users" is missing or not an object/,
    );
  });

  it('refuses a write or read nested inside a writer', async () => {
    const store = createMemoryStore();
    let nested: Promise<unknown> | undefined;
    await store.write((tx) => {
      tx.insert('flags', flag('f1', 'p1', 'alpha'));
      nested = store.write((inner) => inner.remove('flags', 'f1'));
    });
    await expect(nested).rejects.toThrow(/inside a writer/);
    expect(store.snapshot().flags.f1).toBeDefined();
  });

  it('close is idempotent and refuses later use', async () => {
    const store = createMemoryStore();
    await Promise.all([store.close(), store.close()]);
    await expect(store.write(() => 1)).rejects.toThrow(/closed/);
  });
});
