/** Environments (document and §7). */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { toEnvironment, toEnvironmentPage } from './environments-representation.js';
import * as service from './environments-service.js';

export const listEnvironments: OperationHandler<'listEnvironments'> = ({ store, scope, query }) =>
  toEnvironmentPage(service.listEnvironments(store, scope.project, query), scope.role);

export const createEnvironment: OperationHandler<'createEnvironment'> = ({ store, scope, body, now }) =>
  toEnvironment(store, service.createEnvironment(store, scope, body, now), scope.role);

export const getEnvironment: OperationHandler<'getEnvironment'> = ({ store, scope }) =>
  toEnvironment(store, scope.environment, scope.role);

export const updateEnvironment: OperationHandler<'updateEnvironment'> = ({ store, scope, body }) => {
  service.updateEnvironment(store, scope.environment, body);
};

export const deleteEnvironment: OperationHandler<'deleteEnvironment'> = ({ store, scope, now }) => {
  service.deleteEnvironment(store, scope, now);
};
