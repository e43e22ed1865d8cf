/** The rules of environments (§7), shared by environment creation and project creation. */
import { randomUUID } from 'node:crypto';
import { defaultEnvironmentColor, type EnvironmentCreateBody, limits } from '@flagplane/contract';
import { conflict } from '../../domain/api-error.js';
import type { EnvironmentRecord, OrganizationRecord, ProjectRecord } from '../../store/records.js';
import type { Transaction } from '../../store/store.js';
import { initialConfiguration } from '../flags/flag-defaults.js';
import { environmentPath } from '../resource-paths.js';

type EnvironmentDeclaration = {
  readonly [K in keyof EnvironmentCreateBody]-?: EnvironmentCreateBody[K] | undefined;
};

/**
 * Creates an environment: `name` defaults to the key, `color` to #6b7280, `sortOrder` to
 * `fallbackSortOrder` or one more than the project's highest. Every flag gets a disabled configuration.
 */
export function addEnvironment(
  store: Transaction,
  org: OrganizationRecord,
  project: ProjectRecord,
  declared: Partial<EnvironmentDeclaration> & { key: string },
  now: string,
  fallbackSortOrder?: number,
): EnvironmentRecord {
  const existing = store.findByKey('environments', project.id, declared.key);
  if (existing) {
    throw conflict(
      `An environment with key "${declared.key}" already exists in this project.`,
      environmentPath(org, project, existing),
    );
  }
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

/** Environments in their list order (§6): sortOrder, then key. */
export function sortedEnvironments(
  store: Pick<Transaction, 'children'>,
  projectId: string,
): EnvironmentRecord[] {
  return [...store.children('environments', projectId)].sort(
    (a, b) => a.sortOrder - b.sortOrder || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

function nextSortOrder(siblings: readonly EnvironmentRecord[]): number {
  let highest = -1;
  for (const sibling of siblings) highest = Math.max(highest, sibling.sortOrder);
  return Math.min(highest + 1, limits.sortOrderMax);
}
