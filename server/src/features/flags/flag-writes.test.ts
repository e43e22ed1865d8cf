import { describe, expect, it } from 'vitest';
import type { FlagConfigurationRecord, FlagRecord } from '../../store/records.js';
import type { Transaction } from '../../store/store.js';
import { saveFlag } from './flag-writes.js';

const before = '2026-01-01T00:00:00.000Z';
const now = '2026-02-01T00:00:00.000Z';

const configuration: FlagConfigurationRecord = {
  isEnabled: false,
  defaultVariationId: 'v1',
  strategy: 'SingleVariation',
  percentageRollout: null,
  prerequisites: [],
  rules: [],
  updatedAt: before,
};

const flag: FlagRecord = {
  id: 'f1',
  projectId: 'p1',
  key: 'checkout',
  type: 'Boolean',
  name: 'checkout',
  description: null,
  tags: ['a'],
  clientSideVisible: false,
  isArchived: false,
  variations: [{ id: 'v1', key: 'false', name: 'Off', value: 'false', description: null }],
  defaultVariationId: 'v1',
  configurations: { e1: configuration, e2: configuration },
  createdAt: before,
  updatedAt: before,
};

/** Records what was put; saveFlag uses nothing else of the transaction. */
function recordingStore() {
  const puts: FlagRecord[] = [];
  const store = {
    put: (_collection: string, record: FlagRecord) => puts.push(record),
  } as unknown as Transaction;
  return { store, puts };
}

describe('saveFlag', () => {
  it('stores nothing when nothing changed, so repeated requests leave timestamps alone', () => {
    const { store, puts } = recordingStore();
    expect(saveFlag(store, flag, { ...flag, tags: ['a'] }, now)).toBe(flag);
    expect(puts).toEqual([]);
  });

  it("stamps the flag's updatedAt for a change of its own fields, not its configurations'", () => {
    const { store, puts } = recordingStore();
    const saved = saveFlag(store, flag, { ...flag, name: 'Checkout' }, now);
    expect(saved.updatedAt).toBe(now);
    expect(saved.configurations.e1?.updatedAt).toBe(before);
    expect(puts).toEqual([saved]);
  });

  it("stamps only the changed configuration's updatedAt for a configuration change", () => {
    const { store } = recordingStore();
    const next = {
      ...flag,
      configurations: { ...flag.configurations, e2: { ...configuration, isEnabled: true } },
    };
    const saved = saveFlag(store, flag, next, now);
    expect(saved.updatedAt).toBe(before);
    expect(saved.configurations.e1?.updatedAt).toBe(before);
    expect(saved.configurations.e2).toEqual({ ...configuration, isEnabled: true, updatedAt: now });
  });
});
