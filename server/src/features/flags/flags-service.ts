/**
 * Flags (document and §8): the list and its filters, creation with variations and a configuration in
 * every environment, partial update, and archive, restore and delete, each refused while other flags
 * depend on the flag.
 */
import { randomUUID } from 'node:crypto';
import type { PathRecords } from '../../access/path-scope.js';
import { validationFailed } from '../../domain/api-error.js';
import { namedAfterKey } from '../../domain/creation-defaults.js';
import { managedByAfter } from '../../domain/managed-by.js';
import { updatedDescription } from '../../domain/partial-update.js';
import type { SortKey } from '../../pagination/cursor.js';
import { childrenPage, type Page, sortBy } from '../../pagination/paginate.js';
import type { BodyOf, QueryOf } from '../../routes/operation-handler.js';
import { derivedFromChildren } from '../../store/derived-from-children.js';
import type { FlagRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView, Transaction } from '../../store/store.js';
import { flagPath } from '../resource-paths.js';
import { refuseTakenKey } from '../unique-keys.js';
import { refuseChangeWhileArchived } from './archived-flag-guard.js';
import { booleanVariations, fallbackDefaultVariation, initialConfiguration } from './flag-defaults.js';
import { dependantsReason, flagsRequiring } from './flag-dependencies.js';
import { temporaryUpdate } from './flag-temporary.js';
import { saveFlag } from './flag-writes.js';
import { newVariation } from './variations/variations-service.js';

type FlagFilters = Pick<QueryOf<'listFlags'>, 'search' | 'tag' | 'type' | 'archived'>;

/** §6: flags by key. */
const flagOrder = (flag: FlagRecord): SortKey => [flag.key];

/** A project's flags in key order, sorted once per version of the flag list rather than per page. */
const flagsByKey = derivedFromChildren((flags: readonly FlagRecord[]) => sortBy(flags, flagOrder));

/** The filters of §8 are already normalized by the contract's query schema. */
export function listFlags(
  store: StoreView,
  project: ProjectRecord,
  query: QueryOf<'listFlags'>,
): Page<FlagRecord> {
  const flags = flagsByKey(store.children('flags', project.id));
  const order = { sortKey: flagOrder, presorted: true, filter: flagFilter(query) };
  return childrenPage(store, 'flags', project.id, query, order, flags);
}

function flagFilter(filters: FlagFilters): (flag: FlagRecord) => boolean {
  const search = filters.search?.toLowerCase();
  return (flag) =>
    flag.isArchived === filters.archived &&
    (filters.type === undefined || flag.type === filters.type) &&
    (filters.tag === undefined || flag.tags.includes(filters.tag)) &&
    (search === undefined ||
      flag.key.toLowerCase().includes(search) ||
      flag.name.toLowerCase().includes(search));
}

export function createFlag(
  store: Transaction,
  { org, project }: Pick<PathRecords, 'org' | 'project'>,
  body: BodyOf<'createFlag'>,
  now: string,
): FlagRecord {
  refuseTakenKey(store, 'flags', project.id, body.key, {
    message: `A flag with key "${body.key}" already exists.`,
    pathOf: (existing) => flagPath(org, project, existing),
  });
  const flag = newFlag(store, project, body, now);
  store.insert('flags', flag);
  return flag;
}

/**
 * The record for a creation body the contract has already checked (variation count, values against the
 * type, unique keys and values, `defaultVariationKey` among the keys): its variations, its default, and
 * a disabled configuration in every environment.
 */
function newFlag(
  store: Pick<StoreView, 'children'>,
  project: ProjectRecord,
  body: BodyOf<'createFlag'>,
  now: string,
): FlagRecord {
  const variations = (body.variations ?? (body.type === 'Boolean' ? booleanVariations : [])).map(
    newVariation,
  );
  const named = variations.find((variation) => variation.key === body.defaultVariationKey);
  const flag: FlagRecord = {
    id: randomUUID(),
    projectId: project.id,
    ...namedAfterKey(body),
    type: body.type,
    tags: body.tags ?? [],
    clientSideVisible: body.clientSideVisible ?? false,
    temporary: body.temporary ?? false,
    isArchived: false,
    variations,
    defaultVariationId: (named ?? fallbackDefaultVariation(variations, body.type)).id,
    managedBy: managedByAfter(null, body.managedBy, environmentKeysOf(store, project), now),
    configurations: {},
    createdAt: now,
    updatedAt: now,
  };
  const configuration = initialConfiguration(flag, now);
  const configurations = Object.fromEntries(
    store.children('environments', project.id).map((environment) => [environment.id, configuration]),
  );
  return { ...flag, configurations };
}

/** Partial (§3): omitted or null keeps; `""` clears the description; `[]` clears the tags. */
export function updateFlag(
  store: Transaction,
  scope: Pick<PathRecords, 'org' | 'project' | 'flag'>,
  body: BodyOf<'updateFlag'>,
  now: string,
): void {
  const { flag } = scope;
  refuseChangeWhileArchived(scope);
  const next: FlagRecord = {
    ...flag,
    name: body.name ?? flag.name,
    description: updatedDescription(flag.description, body.description),
    tags: body.tags ?? flag.tags,
    clientSideVisible: body.clientSideVisible ?? flag.clientSideVisible,
    ...temporaryUpdate(flag, body.temporary),
    managedBy: managedByAfter(flag.managedBy, body.managedBy, environmentKeysOf(store, scope.project), now),
  };
  saveFlag(store, flag, next, now);
}

/** Allowed for an archived flag too; refused while any other flag, archived or not, depends on it. */
export function deleteFlag(store: Transaction, flag: FlagRecord): void {
  const reason = dependantsReason(flagsRequiring(store, flag));
  if (reason) throw validationFailed(`${reason} Remove it from their prerequisites before deleting it.`);
  store.remove('flags', flag.id);
}

/** Idempotent; refused while a flag that is not archived depends on it. */
export function archiveFlag(store: Transaction, flag: FlagRecord, now: string): void {
  if (flag.isArchived) return;
  const reason = dependantsReason(flagsRequiring(store, flag).filter((dependant) => !dependant.isArchived));
  if (reason) {
    throw validationFailed(
      `${reason} Remove it from their prerequisites, or archive them, before archiving it.`,
    );
  }
  saveFlag(store, flag, { ...flag, isArchived: true }, now);
}

/** Idempotent. */
export function restoreFlag(store: Transaction, flag: FlagRecord, now: string): void {
  if (flag.isArchived) saveFlag(store, flag, { ...flag, isArchived: false }, now);
}

/** The keys of a project's environments: what a flag's `managedBy.environments` may name (§20). */
function environmentKeysOf(store: Pick<StoreView, 'children'>, project: ProjectRecord): ReadonlySet<string> {
  return new Set(store.children('environments', project.id).map((environment) => environment.key));
}
