import { describe, expect, it } from 'vitest';
import type { FlagConfigurationRecord, FlagRecord } from '../../store/records.js';
import { flagStaleness } from './flag-staleness.js';

const now = '2026-06-01T00:00:00.000Z';
const daysAgo = (days: number) => new Date(Date.parse(now) - days * 24 * 60 * 60 * 1000).toISOString();

function configuration(changes: Partial<FlagConfigurationRecord> = {}): FlagConfigurationRecord {
  return {
    isEnabled: false,
    defaultVariationId: 'v1',
    strategy: 'SingleVariation',
    percentageRollout: null,
    prerequisites: [],
    rules: [],
    updatedAt: daysAgo(90),
    ...changes,
  };
}

function flag(changes: Partial<FlagRecord> = {}): FlagRecord {
  return {
    id: 'f1',
    projectId: 'p1',
    key: 'checkout',
    type: 'Boolean',
    name: 'checkout',
    description: null,
    tags: [],
    clientSideVisible: false,
    isArchived: false,
    variations: [],
    defaultVariationId: 'v1',
    configurations: { e1: configuration(), e2: configuration() },
    createdAt: daysAgo(100),
    updatedAt: daysAgo(100),
    ...changes,
  };
}

describe('flagStaleness', () => {
  it('is Archived for an archived flag, whatever else holds', () => {
    expect(flagStaleness(flag({ isArchived: true, createdAt: daysAgo(1) }), now)).toBe('Archived');
  });

  it('is New for a flag created within the last 7 days', () => {
    expect(flagStaleness(flag({ createdAt: daysAgo(6.9), updatedAt: daysAgo(6.9) }), now)).toBe('New');
  });

  it('is no longer New exactly 7 days after creation', () => {
    expect(flagStaleness(flag({ createdAt: daysAgo(7) }), now)).toBe('Stale');
  });

  it('is Active when the flag itself changed within 30 days', () => {
    expect(flagStaleness(flag({ updatedAt: daysAgo(29) }), now)).toBe('Active');
  });

  it('is Active when any configuration changed within 30 days', () => {
    const configurations = { e1: configuration(), e2: configuration({ updatedAt: daysAgo(3) }) };
    expect(flagStaleness(flag({ configurations }), now)).toBe('Active');
  });

  it('is Stale when every environment serves one variation to everyone', () => {
    const configurations = {
      e1: configuration({ isEnabled: true, strategy: 'SingleVariation' }),
      e2: configuration({ isEnabled: false, strategy: 'TargetedRollout' }),
    };
    expect(flagStaleness(flag({ configurations }), now)).toBe('Stale');
  });

  it('is Active when an enabled environment still decides between variations', () => {
    const configurations = {
      e1: configuration(),
      e2: configuration({ isEnabled: true, strategy: 'PercentageRollout' }),
    };
    expect(flagStaleness(flag({ configurations }), now)).toBe('Active');
  });
});
