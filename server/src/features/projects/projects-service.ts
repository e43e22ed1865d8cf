/** Projects (document and §7): who may create them, their environments at creation, and what goes with them. */
import { randomUUID } from 'node:crypto';
import { defaultProjectEnvironments } from '@flagplane/contract';
import { canSeeProject, type Principal } from '../../access/principal.js';
import { forbidden, invalidField } from '../../domain/api-error.js';
import { namedAfterKey } from '../../domain/creation-defaults.js';
import { managedByAfter } from '../../domain/managed-by.js';
import { updatedDescription } from '../../domain/partial-update.js';
import { childrenPage, type Page, type PageRequest } from '../../pagination/paginate.js';
import type { BodyOf } from '../../routes/operation-handler.js';
import type { OrganizationRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView, Transaction } from '../../store/store.js';
import { createEnvironment } from '../environments/environments-service.js';
import { projectPath } from '../resource-paths.js';
import { refuseTakenKey } from '../unique-keys.js';

/** §20: a project's `managedBy` names no environments (its body schema holds it to `[]`). */
const noEnvironments: ReadonlySet<string> = new Set();

/** §4: a service token limited to some projects cannot create new ones. */
export function projectCreationRefusal(principal: Principal): string | null {
  return principal.type === 'service_token' && principal.token.projectScope !== null
    ? 'A service token limited to some projects cannot create projects.'
    : null;
}

/** §6: the projects the caller can see (§4), by key. */
export function listProjects(
  store: StoreView,
  org: OrganizationRecord,
  principal: Principal,
  request: PageRequest,
): Page<ProjectRecord> {
  return childrenPage(store, 'projects', org.id, request, {
    sortKey: (project) => [project.key],
    filter: (project) => canSeeProject(principal, project),
  });
}

/** §7: with the declared environments (keys unique), or `development` and `production`. */
export function createProject(
  store: Transaction,
  org: OrganizationRecord,
  principal: Principal,
  body: BodyOf<'createProject'>,
  now: string,
): ProjectRecord {
  const refusal = projectCreationRefusal(principal);
  if (refusal) throw forbidden(refusal);
  refuseTakenKey(store, 'projects', org.id, body.key, {
    message: `A project with key "${body.key}" already exists.`,
    pathOf: (existing) => projectPath(org, existing),
  });
  const project: ProjectRecord = {
    id: randomUUID(),
    organizationId: org.id,
    ...namedAfterKey(body),
    createdAt: now,
    updatedAt: null,
    managedBy: managedByAfter(null, body.managedBy, noEnvironments, now),
  };
  store.insert('projects', project);
  const seenKeys = new Set<string>();
  (body.environments ?? defaultProjectEnvironments).forEach((environment, index) => {
    if (seenKeys.has(environment.key)) {
      throw invalidField(`environments.${index}.key`, `duplicate environment key "${environment.key}"`);
    }
    seenKeys.add(environment.key);
    createEnvironment(store, { org, project }, environment, now, index);
  });
  return project;
}

/** Partial (§3); `updatedAt` stays null until the first update. */
export function updateProject(
  store: Transaction,
  project: ProjectRecord,
  body: BodyOf<'updateProject'>,
  now: string,
): void {
  store.put('projects', {
    ...project,
    name: body.name ?? project.name,
    description: updatedDescription(project.description, body.description),
    managedBy: managedByAfter(project.managedBy, body.managedBy, noEnvironments, now),
    updatedAt: now,
  });
}

/** §7: removes the project and everything in it. */
export function deleteProject(store: Transaction, project: ProjectRecord): void {
  for (const environment of store.children('environments', project.id)) {
    for (const key of store.children('sdkKeys', environment.id)) store.remove('sdkKeys', key.id);
    store.remove('environments', environment.id);
  }
  for (const flag of store.children('flags', project.id)) store.remove('flags', flag.id);
  for (const segment of store.children('segments', project.id)) store.remove('segments', segment.id);
  store.remove('projects', project.id);
}
