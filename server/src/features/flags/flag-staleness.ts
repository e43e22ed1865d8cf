/** §8 `staleness`: how much a flag still matters, the first of these that applies. */
import type { Staleness } from '@flagplane/contract';
import type { FlagRecord } from '../../store/records.js';

const day = 24 * 60 * 60 * 1000;
const newFor = 7 * day;
const activeFor = 30 * day;

export function flagStaleness(flag: FlagRecord, now: string): Staleness {
  if (flag.isArchived) return 'Archived';
  const nowTime = Date.parse(now);
  const within = (time: string, window: number) => nowTime - Date.parse(time) < window;
  if (within(flag.createdAt, newFor)) return 'New';
  const configurations = Object.values(flag.configurations);
  if (
    within(flag.updatedAt, activeFor) ||
    configurations.some((configuration) => within(configuration.updatedAt, activeFor))
  ) {
    return 'Active';
  }
  // Serving one variation to everyone everywhere means the flag no longer decides anything.
  const servesOneVariation = configurations.every(
    (configuration) => !configuration.isEnabled || configuration.strategy === 'SingleVariation',
  );
  return servesOneVariation ? 'Stale' : 'Active';
}
