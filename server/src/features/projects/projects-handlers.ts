/** Projects (document and §7). */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { toProject, toProjectPage } from './projects-representation.js';
import * as service from './projects-service.js';

export const listProjects: OperationHandler<'listProjects'> = ({ store, scope, principal, query }) =>
  toProjectPage(service.listProjects(store, scope.org, principal, query), scope.role, principal);

export const createProject: OperationHandler<'createProject'> = ({ store, scope, principal, body, now }) =>
  toProject(service.createProject(store, scope.org, principal, body, now), scope.role);

export const getProject: OperationHandler<'getProject'> = ({ scope }) => toProject(scope.project, scope.role);

export const updateProject: OperationHandler<'updateProject'> = ({ store, scope, body, now }) => {
  service.updateProject(store, scope.project, body, now);
};

export const deleteProject: OperationHandler<'deleteProject'> = ({ store, scope }) => {
  service.deleteProject(store, scope.project);
};
