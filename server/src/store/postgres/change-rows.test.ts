import { describe, expect, it } from 'vitest';
import { flagRecord as flag } from '../../../test/support/store-fixture.js';
import { type ChangeSet, changeKey } from '../change-set.js';
import { type ChangeOp, changeOps, changeTouches, opsJson } from './change-rows.js';

describe('a change row’s ops and touches', () => {
  const changes: ChangeSet = new Map([
    [changeKey('flags', 'f1'), { collection: 'flags', id: 'f1', record: flag('f1', 'p2', 'alpha') }],
    [changeKey('flags', 'f2'), { collection: 'flags', id: 'f2', record: null }],
    [changeKey('flags', 'f3'), { collection: 'flags', id: 'f3', record: flag('f3', 'p1', 'gamma') }],
  ]);
  // f1 moved from p1 to p2, f2 was removed from p1, f3 changed within p1.
  const formerParents = new Map([
    [changeKey('flags', 'f1'), 'p1'],
    [changeKey('flags', 'f2'), 'p1'],
  ]);

  it('names the parent and key of each record, and the parent before for a record removed or moved', () => {
    expect(changeOps(changes, formerParents)).toEqual([
      {
        collection: 'flags',
        id: 'f1',
        parentId: 'p2',
        key: 'alpha',
        record: changes.get(changeKey('flags', 'f1'))?.record,
        formerParentId: 'p1',
      },
      { collection: 'flags', id: 'f2', parentId: null, key: null, record: null, formerParentId: 'p1' },
      {
        collection: 'flags',
        id: 'f3',
        parentId: 'p1',
        key: 'gamma',
        record: changes.get(changeKey('flags', 'f3'))?.record,
      },
    ]);
  });

  it('touches each record, its collection, the parents whose children changed (before and after), the keys it holds', () => {
    expect(changeTouches(changeOps(changes, formerParents)).sort()).toEqual(
      [
        'r:flags:f1',
        'r:flags:f2',
        'r:flags:f3',
        'c:flags',
        's:flags:p1',
        's:flags:p2',
        'k:flags:p2:alpha',
        'k:flags:p1:gamma',
      ].sort(),
    );
  });

  it('writes a top-level parent as the empty one, as a footprint does', () => {
    const organization = { id: 'o1', key: 'acme' };
    const ops = changeOps(
      new Map([
        [changeKey('organizations', 'o1'), { collection: 'organizations', id: 'o1', record: organization }],
      ]),
      new Map(),
    );
    expect(changeTouches(ops)).toContain('s:organizations:');
  });

  it('writes every op whole, and logs an added event by name only (a removed one as it is)', () => {
    const event = { id: 'e1', createdAt: '2026-11-01T00:00:00.000Z', action: 'flag.created' };
    const ops: ChangeOp[] = [
      ...changeOps(changes, formerParents),
      { collection: 'events', id: 'e1', parentId: 'o1', key: null, record: event as never },
      { collection: 'events', id: 'e0', parentId: null, key: null, record: null },
    ];
    const json = opsJson(ops);
    expect(json.written).toBe(JSON.stringify(ops));
    expect(JSON.parse(json.logged)).toEqual([
      ...JSON.parse(JSON.stringify(ops.slice(0, 3))),
      { collection: 'events', id: 'e1', parentId: 'o1', key: null, record: null, stored: true },
      { collection: 'events', id: 'e0', parentId: null, key: null, record: null },
    ]);
  });
});
