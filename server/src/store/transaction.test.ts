import { describe, expect, it } from 'vitest';
import { flagRecord as flag, projectRecord as project } from '../../test/support/store-fixture.js';
import { changeKey } from './change-set.js';
import { Footprint } from './footprint.js';
import { MemoryState } from './memory-state.js';
import type { StoreData } from './records.js';
import { emptyStoreData } from './store-data.js';
import { StateTransaction } from './transaction.js';

function seeded(): MemoryState {
  const data: StoreData = emptyStoreData();
  data.flags = { f1: flag('f1', 'p1', 'alpha'), f2: flag('f2', 'p1', 'beta'), f3: flag('f3', 'p2', 'alpha') };
  data.projects = { p1: project('p1', 'o1', 'web'), p2: project('p2', 'o1', 'api') };
  return new MemoryState(data);
}

/** Everything observable through the view, to compare before and after a rollback. */
function observe(state: MemoryState) {
  const ids = (records: readonly { id: string }[]) => records.map((r) => r.id).sort();
  return {
    data: structuredClone(state.data),
    children: {
      p1: ids(state.children('flags', 'p1')),
      p2: ids(state.children('flags', 'p2')),
      p3: ids(state.children('flags', 'p3')),
      o1: ids(state.children('projects', 'o1')),
    },
    counts: [state.countChildren('flags', 'p1'), state.countChildren('flags', 'p2')],
    keys: {
      p1alpha: state.findByKey('flags', 'p1', 'alpha')?.id,
      p1beta: state.findByKey('flags', 'p1', 'beta')?.id,
      p1gamma: state.findByKey('flags', 'p1', 'gamma')?.id,
      p2alpha: state.findByKey('flags', 'p2', 'alpha')?.id,
      p3alpha: state.findByKey('flags', 'p3', 'alpha')?.id,
    },
    versions: ['p1', 'p2', 'p3'].map((p) => state.childrenVersion('flags', p)),
  };
}

describe('MemoryState', () => {
  it('indexes children and keys per parent', () => {
    const state = seeded();
    expect(state.children('flags', 'p1').map((f) => f.id)).toEqual(expect.arrayContaining(['f1', 'f2']));
    expect(state.countChildren('flags', 'p1')).toBe(2);
    expect(state.countChildren('flags', 'nope')).toBe(0);
    expect(state.children('flags', 'nope')).toEqual([]);
    expect(state.findByKey('flags', 'p2', 'alpha')?.id).toBe('f3');
    expect(state.findByKey('flags', 'p2', 'beta')).toBeUndefined();
    expect(state.findByKey('projects', 'o1', 'api')?.id).toBe('p2');
    expect([...state.all('flags')]).toHaveLength(3);
  });

  it('hands out a fresh children array after a change, the cached one before', () => {
    const state = seeded();
    const first = state.children('flags', 'p1');
    expect(state.children('flags', 'p1')).toBe(first);
    const tx = new StateTransaction(state);
    tx.put('flags', flag('f1', 'p1', 'alpha', 'renamed'));
    tx.commit();
    const second = state.children('flags', 'p1');
    expect(second).not.toBe(first);
    expect(second.find((f) => f.id === 'f1')?.name).toBe('renamed');
  });

  it('refuses a document where two records of one parent share a key', () => {
    const data = emptyStoreData();
    data.flags = { f1: flag('f1', 'p1', 'same'), f2: flag('f2', 'p1', 'same') };
    expect(() => new MemoryState(data)).toThrow(/share a key/);
  });
});

describe('StateTransaction', () => {
  it('applies changes at once and bumps the version of the touched parent only', () => {
    const state = seeded();
    const before = observe(state);
    const tx = new StateTransaction(state);
    tx.insert('flags', flag('f4', 'p1', 'gamma'));
    expect(tx.findByKey('flags', 'p1', 'gamma')?.id).toBe('f4');
    expect(tx.countChildren('flags', 'p1')).toBe(3);
    expect(tx.childrenVersion('flags', 'p1')).toBeGreaterThan(before.versions[0]!);
    expect(tx.childrenVersion('flags', 'p2')).toBe(before.versions[1]);
  });

  it('rolls back an insert: record, children, key index and version', () => {
    const state = seeded();
    const before = observe(state);
    const tx = new StateTransaction(state);
    tx.insert('flags', flag('f4', 'p1', 'gamma'));
    tx.rollback();
    expect(observe(state)).toEqual(before);
    expect(state.get('flags', 'f4')).toBeUndefined();
  });

  it('rolls back a put, including one that moves a record to another parent and key', () => {
    const state = seeded();
    const before = observe(state);
    const tx = new StateTransaction(state);
    tx.put('flags', flag('f1', 'p3', 'alpha', 'moved'));
    expect(tx.findByKey('flags', 'p1', 'alpha')).toBeUndefined();
    expect(tx.findByKey('flags', 'p3', 'alpha')?.id).toBe('f1');
    expect(tx.children('flags', 'p3').map((f) => f.id)).toEqual(['f1']);
    tx.rollback();
    expect(observe(state)).toEqual(before);
    expect(state.get('flags', 'f1')?.name).toBe('alpha');
  });

  it('rolls back a remove', () => {
    const state = seeded();
    const before = observe(state);
    const tx = new StateTransaction(state);
    tx.remove('flags', 'f2');
    expect(tx.findByKey('flags', 'p1', 'beta')).toBeUndefined();
    expect(tx.countChildren('flags', 'p1')).toBe(1);
    tx.rollback();
    expect(observe(state)).toEqual(before);
  });

  it('rolls back a mix of changes touching the same records, newest first', () => {
    const state = seeded();
    const before = observe(state);
    const tx = new StateTransaction(state);
    tx.insert('flags', flag('f4', 'p1', 'gamma'));
    tx.put('flags', flag('f4', 'p2', 'gamma', 'moved'));
    tx.remove('flags', 'f1');
    tx.insert('flags', flag('f5', 'p1', 'alpha')); // reuses the key f1 gave up
    tx.put('flags', flag('f3', 'p2', 'delta'));
    tx.remove('flags', 'f4');
    tx.remove('projects', 'p2');
    tx.rollback();
    expect(observe(state)).toEqual(before);
  });

  it('never hands out a rolled-back version again', () => {
    const state = seeded();
    const tx = new StateTransaction(state);
    tx.insert('flags', flag('f4', 'p1', 'gamma'));
    const seenInside = tx.childrenVersion('flags', 'p1');
    tx.rollback();
    const tx2 = new StateTransaction(state);
    tx2.insert('flags', flag('f5', 'p1', 'delta'));
    tx2.commit();
    expect(state.childrenVersion('flags', 'p1')).not.toBe(seenInside);
  });

  it('treats an insert of an existing id, a put or remove of a missing id and a taken key as errors', () => {
    const state = seeded();
    const before = observe(state);
    const tx = new StateTransaction(state);
    expect(() => tx.insert('flags', flag('f1', 'p9', 'other'))).toThrow(/existing id "f1"/);
    expect(() => tx.put('flags', flag('nope', 'p1', 'x'))).toThrow(/missing id "nope"/);
    expect(() => tx.remove('flags', 'nope')).toThrow(/missing id "nope"/);
    expect(() => tx.insert('flags', flag('f9', 'p1', 'alpha'))).toThrow(/takes the key/);
    expect(() => tx.put('flags', flag('f2', 'p1', 'alpha'))).toThrow(/takes the key/);
    expect(tx.changed).toBe(false);
    expect(observe(state)).toEqual(before);
  });

  it('keeps the net change of each record it touched, not of failed operations', () => {
    const state = seeded();
    const tx = new StateTransaction(state);
    tx.insert('flags', flag('f4', 'p1', 'gamma'));
    tx.put('flags', flag('f4', 'p2', 'gamma', 'moved'));
    tx.put('flags', flag('f1', 'p1', 'alpha', 'renamed'));
    tx.remove('flags', 'f2');
    tx.remove('projects', 'p2');
    expect(() => tx.insert('flags', flag('f9', 'p1', 'alpha'))).toThrow(/takes the key/);
    expect([...tx.changes.values()]).toEqual([
      { collection: 'flags', id: 'f4', record: flag('f4', 'p2', 'gamma', 'moved') },
      { collection: 'flags', id: 'f1', record: flag('f1', 'p1', 'alpha', 'renamed') },
      { collection: 'flags', id: 'f2', record: null },
      { collection: 'projects', id: 'p2', record: null },
    ]);
  });

  it('can be rolled back after commit, as the engine does when the disk write fails', () => {
    const state = seeded();
    const before = observe(state);
    const first = new StateTransaction(state);
    first.put('flags', flag('f1', 'p3', 'alpha', 'moved'));
    first.commit();
    const second = new StateTransaction(state);
    second.insert('flags', flag('f4', 'p1', 'alpha')); // takes the key f1 gave up
    second.commit();
    second.rollback(); // newest first
    first.rollback();
    expect(observe(state)).toEqual(before);
  });

  it('refuses changes once ended', () => {
    const state = seeded();
    const tx = new StateTransaction(state);
    tx.commit();
    expect(() => tx.insert('flags', flag('f4', 'p1', 'gamma'))).toThrow(/ended/);
    expect(state.get('flags', 'f4')).toBeUndefined();
  });
});

describe('StateTransaction with a footprint', () => {
  it('notes every record read or written, every parent whose children it looked at, every collection read whole', async () => {
    const footprint = new Footprint();
    const tx = new StateTransaction(seeded(), footprint);
    tx.get('flags', 'f1');
    tx.get('flags', 'missing'); // not found: a record inserted with that id later touches it too
    tx.findByKey('projects', 'o1', 'web'); // found: the record itself
    tx.findByKey('flags', 'p2', 'gamma'); // not found: any flag of p2 could take the key
    tx.children('flags', 'p1');
    tx.countChildren('segments', 'p1');
    tx.childrenVersion('environments', 'p1');
    [...tx.all('projects')];
    await tx.eventPage({ organizationId: 'o1' }, null, 10);
    tx.insert('flags', flag('f9', 'p2', 'delta'));
    tx.commit();
    expect([...footprint.keys].sort()).toEqual(
      [
        'r:flags:f1',
        'r:flags:missing',
        'r:projects:p1',
        's:flags:p2',
        's:flags:p1',
        's:segments:p1',
        's:environments:p1',
        'c:projects',
        'c:events',
        'r:flags:f9',
        'k:flags:p2:delta', // the key it took, checked free
      ].sort(),
    );
    expect(footprint.formerParents.size).toBe(0);
  });

  it('keeps the parent a record had before the batch when it is removed or moved, the first one seen', () => {
    const footprint = new Footprint();
    const state = seeded();
    const first = new StateTransaction(state, footprint);
    first.put('flags', flag('f1', 'p2', 'moved')); // p1 → p2
    first.put('flags', flag('f3', 'p2', 'alpha', 'renamed')); // same parent: nothing to keep
    first.remove('flags', 'f2');
    first.commit();
    const second = new StateTransaction(state, footprint);
    second.put('flags', flag('f1', 'p1', 'back')); // p2 → p1: p1 stays the parent before the batch
    second.commit();
    // A put checks a key only when it takes another (moved or renamed), not when it keeps its own.
    expect(footprint.keys).toContain('k:flags:p2:moved');
    expect(footprint.keys).not.toContain('k:flags:p2:alpha');
    expect(Object.fromEntries(footprint.formerParents)).toEqual({
      [changeKey('flags', 'f1')]: 'p1',
      [changeKey('flags', 'f2')]: 'p1',
    });
  });
});
