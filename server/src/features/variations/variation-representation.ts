/** A variation as the top-level answer of its creation, with `_actions` (§14). */
import type { Role, Variation } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import type { FlagRecord, VariationRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { archivedReason } from '../flags/archived-flag-guard.js';
import { toNestedVariation } from '../flags/flag-representation.js';
import { variationDeletionRefusal } from './variation-deletion.js';

export function toVariation(
  store: StoreView,
  flag: FlagRecord,
  variation: VariationRecord,
  role: Role,
): Variation {
  const archived = flag.isArchived && archivedReason;
  return {
    ...toNestedVariation(variation),
    _actions: {
      update: actionFor(role, 'Member', archived),
      delete: actionFor(role, 'Member', archived, variationDeletionRefusal(store, flag, variation)),
    },
  };
}
