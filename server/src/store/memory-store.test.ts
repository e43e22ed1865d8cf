import { describe, expect, it } from 'vitest';
import { flagRecord as flag } from '../../test/support/store-fixture.js';
import { createMemoryStore } from './memory-store.js';
import type { StoreData } from './records.js';
import { emptyStoreData } from './store-data.js';

// What every store does is tested once for all of them: test/store-interface.test.ts.
describe('createMemoryStore', () => {
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
});
