/** Environments (document and §7). */
import type { Environment, EnvironmentListItem, Role } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import { validationFailed } from '../../domain/api-error.js';
import { listPage } from '../../pagination/paginate.js';
import type { OperationHandler } from '../../routes/operation-handler.js';
import type { EnvironmentRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { projectPath } from '../resource-paths.js';
import { addEnvironment } from './environment-service.js';

const lastEnvironmentReason = 'This is the last environment of the project.';

export function toEnvironmentListItem(environment: EnvironmentRecord): EnvironmentListItem {
  return {
    id: environment.id,
    key: environment.key,
    name: environment.name,
    color: environment.color,
    sortOrder: environment.sortOrder,
  };
}

export function toEnvironment(store: StoreView, environment: EnvironmentRecord, role: Role): Environment {
  const isLast = store.countChildren('environments', environment.projectId) <= 1;
  return {
    ...toEnvironmentListItem(environment),
    _actions: {
      update: actionFor(role, 'Member'),
      delete: actionFor(role, 'Member', isLast && lastEnvironmentReason),
      createSdkKey: actionFor(role, 'Member'),
    },
  };
}

export const listEnvironments: OperationHandler<'listEnvironments'> = ({ store, scope, query }) => {
  const project = scope.project!;
  return listPage(
    store.children('environments', project.id),
    {
      listId: `environments:${project.id}`,
      secret: store.cursorSecret,
      sortKey: (environment) => [environment.sortOrder, environment.key],
    },
    query,
    toEnvironmentListItem,
    { create: actionFor(scope.role!, 'Member') },
  );
};

export const createEnvironment: OperationHandler<'createEnvironment'> = ({ store, scope, body, now }) =>
  toEnvironment(store, addEnvironment(store, scope.org!, scope.project!, body, now), scope.role!);

export const getEnvironment: OperationHandler<'getEnvironment'> = ({ store, scope }) =>
  toEnvironment(store, scope.environment!, scope.role!);

export const updateEnvironment: OperationHandler<'updateEnvironment'> = ({ store, scope, body }) => {
  const environment = scope.environment!;
  store.put('environments', {
    ...environment,
    name: body.name ?? environment.name,
    color: body.color ?? environment.color,
    sortOrder: body.sortOrder ?? environment.sortOrder,
  });
};

/** The document: never the last environment; otherwise its configurations, rules and SDK keys go too. */
export const deleteEnvironment: OperationHandler<'deleteEnvironment'> = ({ store, scope }) => {
  const environment = scope.environment!;
  if (store.countChildren('environments', environment.projectId) <= 1) {
    throw validationFailed(`${lastEnvironmentReason} A project keeps at least one environment.`, {
      nextActions: [{ method: 'POST', path: `${projectPath(scope.org!, scope.project!)}/environments` }],
    });
  }
  for (const flag of store.children('flags', environment.projectId)) {
    const { [environment.id]: _removed, ...configurations } = flag.configurations;
    store.put('flags', { ...flag, configurations });
  }
  for (const key of store.children('sdkKeys', environment.id)) store.remove('sdkKeys', key.id);
  store.remove('environments', environment.id);
};
