/** A flag's configuration per environment (document and §9): read, update as a whole, toggle. */
import type { OperationHandler } from '../../../routes/operation-handler.js';
import { sortedEnvironments } from '../../environments/environments-service.js';
import { toFlagEnvironment } from './flag-configurations-representation.js';
import * as service from './flag-configurations-service.js';

/** One configuration per environment of the project, in the environments' list order. */
export const listFlagEnvironments: OperationHandler<'listFlagEnvironments'> = ({ store, scope }) =>
  sortedEnvironments(store, scope.flag.projectId).map((environment) =>
    toFlagEnvironment(store, scope.flag, environment, scope.role),
  );

export const getFlagEnvironment: OperationHandler<'getFlagEnvironment'> = ({ store, scope }) =>
  toFlagEnvironment(store, scope.flag, scope.environment, scope.role);

export const updateFlagEnvironment: OperationHandler<'updateFlagEnvironment'> = ({
  store,
  scope,
  body,
  now,
}) => {
  service.updateFlagEnvironment(store, scope, body, now);
};

export const toggleFlag: OperationHandler<'toggleFlag'> = ({ store, scope, body, now }) => {
  service.toggleFlag(store, scope, body.enabled, now);
};
