/** The rules of environments (document and §7), shared by environment creation and project creation. */
import { randomUUID } from 'node:crypto';
import { defaultEnvironmentColor, type EnvironmentCreateBody, limits } from '@flagplane/contract';
import type { PathRecords } from '../../access/path-scope.js';
import { validationFailed } from '../../domain/api-error.js';
import type { SortKey } from '../../pagination/cursor.js';
import { childrenPage, type Page, type PageRequest, sortBy } from '../../pagination/paginate.js';
import type { BodyOf } from '../../routes/operation-handler.js';
import type { EnvironmentRecord, ManagedByRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView, Transaction } from '../../store/store.js';
import { initialConfiguration } from '../flags/flag-defaults.js';
import { environmentPath, projectPath } from '../resource-paths.js';
import { refuseTakenKey } from '../unique-keys.js';

type EnvironmentDeclaration = {
  readonly [K in keyof EnvironmentCreateBody]-?: EnvironmentCreateBody[K] | undefined;
};

/** Why an environment cannot be deleted: a project keeps at least one. */
export const lastEnvironmentReason = 'This is the last environment of the project.';

/** §6: environments by sortOrder, then key. */
const environmentOrder = (environment: EnvironmentRecord): SortKey => [
  environment.sortOrder,
  environment.key,
];

export function listEnvironments(
  store: StoreView,
  project: ProjectRecord,
  request: PageRequest,
): Page<EnvironmentRecord> {
  return childrenPage(store, 'environments', project.id, request, { sortKey: environmentOrder });
}

/** Environments in their list order. */
export function sortedEnvironments(
  store: Pick<StoreView, 'children'>,
  projectId: string,
): EnvironmentRecord[] {
  return sortBy(store.children('environments', projectId), environmentOrder);
}

/**
 * Creates an environment: `name` defaults to the key, `color` to #6b7280, `sortOrder` to
 * `fallbackSortOrder` or one more than the project's highest. Every flag gets a disabled configuration.
 */
export function createEnvironment(
  store: Transaction,
  { org, project }: Pick<PathRecords, 'org' | 'project'>,
  declared: Partial<EnvironmentDeclaration> & { key: string },
  now: string,
  fallbackSortOrder?: number,
): EnvironmentRecord {
  refuseTakenKey(store, 'environments', project.id, declared.key, {
    message: `An environment with key "${declared.key}" already exists in this project.`,
    pathOf: (existing) => environmentPath(org, project, existing),
  });
  const siblings = store.children('environments', project.id);
  const environment: EnvironmentRecord = {
    id: randomUUID(),
    projectId: project.id,
    key: declared.key,
    name: declared.name ?? declared.key,
    color: declared.color ?? defaultEnvironmentColor,
    sortOrder: declared.sortOrder ?? fallbackSortOrder ?? nextSortOrder(siblings),
    createdAt: now,
  };
  store.insert('environments', environment);
  for (const flag of store.children('flags', project.id)) {
    store.put('flags', {
      ...flag,
      configurations: { ...flag.configurations, [environment.id]: initialConfiguration(flag, now) },
    });
  }
  return environment;
}

/** Partial (§3): omitted or null keeps. */
export function updateEnvironment(
  store: Transaction,
  environment: EnvironmentRecord,
  body: BodyOf<'updateEnvironment'>,
): void {
  store.put('environments', {
    ...environment,
    name: body.name ?? environment.name,
    color: body.color ?? environment.color,
    sortOrder: body.sortOrder ?? environment.sortOrder,
  });
}

export function isLastEnvironment(
  store: Pick<StoreView, 'countChildren'>,
  environment: EnvironmentRecord,
): boolean {
  return store.countChildren('environments', environment.projectId) <= 1;
}

/** The document: never the last environment; otherwise its configurations, rules and SDK keys go too. */
export function deleteEnvironment(
  store: Transaction,
  { org, project, environment }: Pick<PathRecords, 'org' | 'project' | 'environment'>,
  now: string,
): void {
  if (isLastEnvironment(store, environment)) {
    throw validationFailed(`${lastEnvironmentReason} A project keeps at least one environment.`, {
      nextActions: [{ method: 'POST', path: `${projectPath(org, project)}/environments` }],
    });
  }
  for (const flag of store.children('flags', environment.projectId)) {
    const { [environment.id]: _removed, ...configurations } = flag.configurations;
    store.put('flags', {
      ...flag,
      configurations,
      managedBy: withoutEnvironment(flag.managedBy, environment.key, now),
    });
  }
  for (const key of store.children('sdkKeys', environment.id)) store.remove('sdkKeys', key.id);
  store.remove('environments', environment.id);
}

/**
 * §20: a flag's `managedBy` no longer names a deleted environment (it would name a key the project does
 * not have, which a client echoing it back would have refused). That is a change of `managedBy`: `at` moves.
 */
function withoutEnvironment(
  managedBy: ManagedByRecord | null | undefined,
  key: string,
  now: string,
): ManagedByRecord | null | undefined {
  if (!managedBy?.environments.includes(key)) return managedBy;
  return {
    ...managedBy,
    environments: managedBy.environments.filter((candidate) => candidate !== key),
    at: now,
  };
}

function nextSortOrder(siblings: readonly EnvironmentRecord[]): number {
  let highest = -1;
  for (const sibling of siblings) highest = Math.max(highest, sibling.sortOrder);
  return Math.min(highest + 1, limits.sortOrderMax);
}
