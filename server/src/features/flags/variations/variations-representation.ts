/** Variations on the wire (§8): nested in a flag, and top-level after creation with `_actions` (§14). */
import type { NestedVariation, Role, Variation } from '@flagplane/contract';
import { actionFor } from '../../../access/actions.js';
import type { FlagRecord, VariationRecord } from '../../../store/records.js';
import type { StoreView } from '../../../store/store.js';
import { archivedReason } from '../archived-flag-guard.js';
import { variationDeletionRefusal } from './variations-service.js';

export function toNestedVariation(variation: VariationRecord): NestedVariation {
  return {
    id: variation.id,
    key: variation.key,
    name: variation.name,
    value: variation.value,
    description: variation.description,
  };
}

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
