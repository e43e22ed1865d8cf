/** Prerequisites point from a flag to the flags it depends on; these find the reverse direction. */

import { compareKeys } from '@flagplane/contract';
import { derivedFromChildren } from '../../store/derived-from-children.js';
import type { FlagRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';

/**
 * For every flag of a project, the other flags that have it as a prerequisite (in any environment), by
 * key. Built once per version of the project's flag list: reading a flag must not scan the project.
 */
const dependantsIndex = derivedFromChildren((flags: readonly FlagRecord[]) => {
  const index = new Map<string, FlagRecord[]>();
  for (const candidate of flags) {
    const required = new Set<string>();
    for (const configuration of Object.values(candidate.configurations)) {
      for (const prerequisite of configuration.prerequisites) required.add(prerequisite.flagId);
    }
    required.delete(candidate.id);
    for (const flagId of required) {
      const dependants = index.get(flagId);
      if (dependants) dependants.push(candidate);
      else index.set(flagId, [candidate]);
    }
  }
  for (const dependants of index.values()) dependants.sort(compareKeys);
  return index;
});

/** The other flags of the project that have `flag` as a prerequisite in any environment, by key. */
export function flagsRequiring(store: Pick<StoreView, 'children'>, flag: FlagRecord): FlagRecord[] {
  return [...(dependantsIndex(store.children('flags', flag.projectId)).get(flag.id) ?? [])];
}

/** Why a flag with these dependants cannot go away, or null when it has none. */
export function dependantsReason(dependants: readonly FlagRecord[]): string | null {
  if (dependants.length === 0) return null;
  return `The flag is a prerequisite of ${dependants.map((flag) => `"${flag.key}"`).join(', ')}.`;
}
