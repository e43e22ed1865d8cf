/** Projects (document and §7). */
import { randomUUID } from 'node:crypto';
import { defaultProjectEnvironments } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import { canSeeProject } from '../../access/principal.js';
import { conflict, forbidden, invalidField } from '../../domain/api-error.js';
import { listPage } from '../../pagination/paginate.js';
import type { OperationHandler } from '../../routes/operation-handler.js';
import type { ProjectRecord } from '../../store/records.js';
import { addEnvironment } from '../environments/environment-service.js';
import { projectPath } from '../resource-paths.js';
import { projectCreationRefusal, toProject, toProjectListItem } from './project-representation.js';

export const listProjects: OperationHandler<'listProjects'> = ({ store, scope, principal, query }) => {
  const org = scope.org!;
  const visible = store.children('projects', org.id).filter((project) => canSeeProject(principal, project));
  return listPage(
    visible,
    { listId: `projects:${org.id}`, secret: store.cursorSecret, sortKey: (project) => [project.key] },
    query,
    toProjectListItem,
    { create: actionFor(scope.role!, 'Member', projectCreationRefusal(principal)) },
  );
};

export const createProject: OperationHandler<'createProject'> = ({ store, scope, principal, body, now }) => {
  const org = scope.org!;
  const refusal = projectCreationRefusal(principal);
  if (refusal) throw forbidden(refusal);
  const existing = store.findByKey('projects', org.id, body.key);
  if (existing) {
    throw conflict(`A project with key "${body.key}" already exists.`, projectPath(org, existing));
  }
  const project: ProjectRecord = {
    id: randomUUID(),
    organizationId: org.id,
    key: body.key,
    name: body.name ?? body.key,
    description: body.description || null,
    createdAt: now,
    updatedAt: null,
  };
  store.insert('projects', project);
  const declared = body.environments ?? defaultProjectEnvironments;
  const seenKeys = new Set<string>();
  declared.forEach((environment, index) => {
    if (seenKeys.has(environment.key)) {
      throw invalidField(`environments.${index}.key`, `duplicate environment key "${environment.key}"`);
    }
    seenKeys.add(environment.key);
    addEnvironment(store, org, project, environment, now, index);
  });
  return toProject(project, scope.role!);
};

export const getProject: OperationHandler<'getProject'> = ({ scope }) =>
  toProject(scope.project!, scope.role!);

export const updateProject: OperationHandler<'updateProject'> = ({ store, scope, body, now }) => {
  const project = scope.project!;
  store.put('projects', {
    ...project,
    name: body.name ?? project.name,
    description:
      body.description === undefined || body.description === null
        ? project.description
        : body.description || null,
    updatedAt: now,
  });
};

/** §7: removes the project and everything in it. */
export const deleteProject: OperationHandler<'deleteProject'> = ({ store, scope }) => {
  const project = scope.project!;
  for (const environment of store.children('environments', project.id)) {
    for (const key of store.children('sdkKeys', environment.id)) store.remove('sdkKeys', key.id);
    store.remove('environments', environment.id);
  }
  for (const flag of store.children('flags', project.id)) store.remove('flags', flag.id);
  for (const segment of store.children('segments', project.id)) store.remove('segments', segment.id);
  store.remove('projects', project.id);
};
