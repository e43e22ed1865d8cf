/** The flag list's filters (§8), already normalized by the contract's query schema. */

import { sortBy } from '../../pagination/paginate.js';
import type { OperationInput } from '../../routes/operation-handler.js';
import { derivedFromChildren } from '../../store/derived-from-children.js';
import type { FlagRecord } from '../../store/records.js';

type FlagFilters = Pick<OperationInput<'listFlags'>['query'], 'search' | 'tag' | 'type' | 'archived'>;

export function flagFilter(filters: FlagFilters): (flag: FlagRecord) => boolean {
  const search = filters.search?.toLowerCase();
  return (flag) =>
    flag.isArchived === filters.archived &&
    (filters.type === undefined || flag.type === filters.type) &&
    (filters.tag === undefined || flag.tags.includes(filters.tag)) &&
    (search === undefined ||
      flag.key.toLowerCase().includes(search) ||
      flag.name.toLowerCase().includes(search));
}

/** A project's flags in key order, sorted once per version of the flag list rather than per page. */
export const flagsByKey = derivedFromChildren((flags: readonly FlagRecord[]) =>
  sortBy(flags, (flag) => [flag.key]),
);
