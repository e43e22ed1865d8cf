/** Prerequisites point from a flag to the flags it depends on; these find the reverse direction. */
import type { FlagRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';

/** The other flags of the project that have `flag` as a prerequisite in any environment, by key. */
export function flagsRequiring(store: Pick<StoreView, 'children'>, flag: FlagRecord): FlagRecord[] {
  return store
    .children('flags', flag.projectId)
    .filter(
      (candidate) =>
        candidate.id !== flag.id &&
        Object.values(candidate.configurations).some((configuration) =>
          configuration.prerequisites.some((prerequisite) => prerequisite.flagId === flag.id),
        ),
    )
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Why a flag with these dependants cannot go away, or null when it has none. */
export function dependantsReason(dependants: readonly FlagRecord[]): string | null {
  if (dependants.length === 0) return null;
  return `The flag is a prerequisite of ${dependants.map((flag) => `"${flag.key}"`).join(', ')}.`;
}
