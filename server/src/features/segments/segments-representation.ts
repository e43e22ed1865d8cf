/** Segments on the wire (§11), with `_actions` (§14). */
import type { Role, Segment, SegmentListItem, SegmentPage } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import { type Page, pageEnvelope } from '../../pagination/paginate.js';
import type { SegmentRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { segmentInUseReason } from './segments-service.js';

export function toSegmentListItem(segment: SegmentRecord): SegmentListItem {
  return {
    id: segment.id,
    key: segment.key,
    name: segment.name,
    description: segment.description,
    included: [...segment.included],
    excluded: [...segment.excluded],
    conditionGroups: segment.conditionGroups.map((group) => ({
      operator: group.operator,
      conditions: group.conditions.map((condition) => ({ ...condition, values: [...condition.values] })),
    })),
    createdAt: segment.createdAt,
    updatedAt: segment.updatedAt,
  };
}

export function toSegment(store: StoreView, segment: SegmentRecord, role: Role): Segment {
  return {
    ...toSegmentListItem(segment),
    _actions: {
      update: actionFor(role, 'Member'),
      delete: actionFor(role, 'Member', segmentInUseReason(store, segment)),
    },
  };
}

export function toSegmentPage(page: Page<SegmentRecord>, role: Role): SegmentPage {
  return pageEnvelope(page, toSegmentListItem, { create: actionFor(role, 'Member') });
}
