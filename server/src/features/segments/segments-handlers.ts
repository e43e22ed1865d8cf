/** Segments (§11): context keys included or excluded, and condition groups, referenced by rules. */
import { randomUUID } from 'node:crypto';
import type { Role, Segment, SegmentListItem } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import { conflict, validationFailed } from '../../domain/api-error.js';
import { listPage } from '../../pagination/paginate.js';
import type { OperationHandler } from '../../routes/operation-handler.js';
import type { FlagRecord, SegmentRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { segmentPath } from '../resource-paths.js';

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

/** The flags whose rules use the segment, in any environment. */
function flagsUsingSegment(store: StoreView, segment: SegmentRecord): FlagRecord[] {
  return store
    .children('flags', segment.projectId)
    .filter((flag) =>
      Object.values(flag.configurations).some((configuration) =>
        configuration.rules.some((rule) => rule.userSegmentId === segment.id),
      ),
    );
}

function inUseReason(store: StoreView, segment: SegmentRecord): string | null {
  const users = flagsUsingSegment(store, segment);
  return users.length === 0
    ? null
    : `The segment is used by rules of ${users.map((flag) => `"${flag.key}"`).join(', ')}.`;
}

export function toSegment(store: StoreView, segment: SegmentRecord, role: Role): Segment {
  return {
    ...toSegmentListItem(segment),
    _actions: {
      update: actionFor(role, 'Member'),
      delete: actionFor(role, 'Member', inUseReason(store, segment)),
    },
  };
}

export const listSegments: OperationHandler<'listSegments'> = ({ store, scope, query }) => {
  const project = scope.project!;
  return listPage(
    store.children('segments', project.id),
    { listId: `segments:${project.id}`, secret: store.cursorSecret, sortKey: (segment) => [segment.key] },
    query,
    toSegmentListItem,
    { create: actionFor(scope.role!, 'Member') },
  );
};

export const createSegment: OperationHandler<'createSegment'> = ({ store, scope, body, now }) => {
  const project = scope.project!;
  const existing = store.findByKey('segments', project.id, body.key);
  if (existing) {
    throw conflict(
      `A segment with key "${body.key}" already exists.`,
      segmentPath(scope.org!, project, existing),
    );
  }
  const segment: SegmentRecord = {
    id: randomUUID(),
    projectId: project.id,
    key: body.key,
    name: body.name ?? body.key,
    description: body.description || null,
    included: body.included ?? [],
    excluded: body.excluded ?? [],
    conditionGroups: body.conditionGroups ?? [],
    createdAt: now,
    updatedAt: now,
  };
  store.insert('segments', segment);
  return toSegment(store, segment, scope.role!);
};

export const getSegment: OperationHandler<'getSegment'> = ({ store, scope }) =>
  toSegment(store, scope.segment!, scope.role!);

export const updateSegment: OperationHandler<'updateSegment'> = ({ store, scope, body, now }) => {
  const segment = scope.segment!;
  store.put('segments', {
    ...segment,
    name: body.name ?? segment.name,
    description: body.description == null ? segment.description : body.description || null,
    included: body.included ?? segment.included,
    excluded: body.excluded ?? segment.excluded,
    conditionGroups: body.conditionGroups ?? segment.conditionGroups,
    updatedAt: now,
  });
};

export const deleteSegment: OperationHandler<'deleteSegment'> = ({ store, scope }) => {
  const segment = scope.segment!;
  const reason = inUseReason(store, segment);
  if (reason) throw validationFailed(`${reason} Remove it from those rules first.`);
  store.remove('segments', segment.id);
};
