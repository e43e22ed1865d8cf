/** Segments (§11): context keys included or excluded, and condition groups, referenced by rules. */
import { randomUUID } from 'node:crypto';
import type { PathRecords } from '../../access/path-scope.js';
import { validationFailed } from '../../domain/api-error.js';
import { namedAfterKey } from '../../domain/creation-defaults.js';
import { updatedDescription } from '../../domain/partial-update.js';
import { childrenPage, type Page, type PageRequest } from '../../pagination/paginate.js';
import type { BodyOf } from '../../routes/operation-handler.js';
import type { FlagRecord, ProjectRecord, SegmentRecord } from '../../store/records.js';
import type { StoreView, Transaction } from '../../store/store.js';
import { segmentPath } from '../resource-paths.js';
import { refuseTakenKey } from '../unique-keys.js';

/** §6: by key. */
export function listSegments(
  store: StoreView,
  project: ProjectRecord,
  request: PageRequest,
): Page<SegmentRecord> {
  return childrenPage(store, 'segments', project.id, request, { sortKey: (segment) => [segment.key] });
}

export function createSegment(
  store: Transaction,
  { org, project }: Pick<PathRecords, 'org' | 'project'>,
  body: BodyOf<'createSegment'>,
  now: string,
): SegmentRecord {
  refuseTakenKey(store, 'segments', project.id, body.key, {
    message: `A segment with key "${body.key}" already exists.`,
    pathOf: (existing) => segmentPath(org, project, existing),
  });
  const segment: SegmentRecord = {
    id: randomUUID(),
    projectId: project.id,
    ...namedAfterKey(body),
    included: body.included ?? [],
    excluded: body.excluded ?? [],
    conditionGroups: body.conditionGroups ?? [],
    createdAt: now,
    updatedAt: now,
  };
  store.insert('segments', segment);
  return segment;
}

/** Partial (§3): omitted or null keeps; `""` clears the description; `[]` clears a list. */
export function updateSegment(
  store: Transaction,
  segment: SegmentRecord,
  body: BodyOf<'updateSegment'>,
  now: string,
): void {
  store.put('segments', {
    ...segment,
    name: body.name ?? segment.name,
    description: updatedDescription(segment.description, body.description),
    included: body.included ?? segment.included,
    excluded: body.excluded ?? segment.excluded,
    conditionGroups: body.conditionGroups ?? segment.conditionGroups,
    updatedAt: now,
  });
}

/** Refused while a rule uses the segment. */
export function deleteSegment(store: Transaction, segment: SegmentRecord): void {
  const reason = segmentInUseReason(store, segment);
  if (reason) throw validationFailed(`${reason} Remove it from those rules first.`);
  store.remove('segments', segment.id);
}

/** Why the segment cannot be deleted (the refusal and `_actions.delete`), or null when no rule uses it. */
export function segmentInUseReason(store: StoreView, segment: SegmentRecord): string | null {
  const users = flagsUsingSegment(store, segment);
  return users.length === 0
    ? null
    : `The segment is used by rules of ${users.map((flag) => `"${flag.key}"`).join(', ')}.`;
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
