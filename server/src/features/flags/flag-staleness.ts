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

/**
 * Until when `flagStaleness(flag, at)` keeps the answer it gives at `nowMs`, by the passage of time alone
 * (ms since the epoch): the first of its windows still open at `nowMs` to close. Answers that carry the
 * staleness are cached until then (routes/serialized-answers.ts).
 */
export function stalenessHoldsUntil(flag: FlagRecord, nowMs: number): number {
  if (flag.isArchived) return Number.POSITIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  const windowEnd = (time: string, window: number) => {
    const end = Date.parse(time) + window;
    if (end > nowMs && end < until) until = end;
  };
  windowEnd(flag.createdAt, newFor);
  windowEnd(flag.updatedAt, activeFor);
  for (const configuration of Object.values(flag.configurations))
    windowEnd(configuration.updatedAt, activeFor);
  return until;
}
