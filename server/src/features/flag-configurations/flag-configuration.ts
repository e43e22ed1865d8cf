/** Reading and writing one flag's configuration in one environment (embedded in the flag record). */
import type { FlagConfigurationRecord, FlagRecord } from '../../store/records.js';
import type { Transaction } from '../../store/store.js';
import { initialConfiguration } from '../flags/flag-defaults.js';
import { saveFlag } from '../flags/flag-writes.js';

/**
 * The stored configuration. Environment and flag creation give every pair one, so the fallback (the
 * configuration a new environment would get) only keeps a damaged data file readable instead of a 500.
 */
export function configurationOf(flag: FlagRecord, environmentId: string): FlagConfigurationRecord {
  return flag.configurations[environmentId] ?? initialConfiguration(flag, flag.createdAt);
}

/** Stores `configuration` for the environment; its `updatedAt` moves only if something changed. */
export function saveConfiguration(
  store: Transaction,
  flag: FlagRecord,
  environmentId: string,
  configuration: FlagConfigurationRecord,
  now: string,
): void {
  saveFlag(
    store,
    flag,
    { ...flag, configurations: { ...flag.configurations, [environmentId]: configuration } },
    now,
  );
}
