/**
 * The one way features store a changed flag. Timestamps say what changed: the flag's `updatedAt` for
 * its own fields, archive state and variations; a configuration's `updatedAt` for that configuration
 * only. Staleness (§8) reads both. A write that changes nothing stores nothing, so repeating an
 * idempotent request (toggle, archive, PUT) does not make a flag look recently used.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FlagConfigurationRecord, FlagRecord } from '../../store/records.js';
import type { Transaction } from '../../store/store.js';

export function saveFlag(store: Transaction, flag: FlagRecord, next: FlagRecord, now: string): FlagRecord {
  const configurations: Record<string, FlagConfigurationRecord> = {};
  let configurationChanged = false;
  for (const [environmentId, configuration] of Object.entries(next.configurations)) {
    const previous = flag.configurations[environmentId];
    const unchanged =
      previous !== undefined &&
      isDeepStrictEqual(withoutTimestamp(previous), withoutTimestamp(configuration));
    configurations[environmentId] = unchanged ? previous : { ...configuration, updatedAt: now };
    configurationChanged ||= !unchanged;
  }
  configurationChanged ||= Object.keys(flag.configurations).length !== Object.keys(configurations).length;
  const fieldsChanged = !isDeepStrictEqual(flagFields(flag), flagFields(next));
  if (!fieldsChanged && !configurationChanged) return flag;
  const saved: FlagRecord = { ...next, configurations, updatedAt: fieldsChanged ? now : flag.updatedAt };
  store.put('flags', saved);
  return saved;
}

function withoutTimestamp({ updatedAt: _updatedAt, ...rest }: FlagConfigurationRecord) {
  return rest;
}

function flagFields({ updatedAt: _updatedAt, configurations: _configurations, ...rest }: FlagRecord) {
  return rest;
}
