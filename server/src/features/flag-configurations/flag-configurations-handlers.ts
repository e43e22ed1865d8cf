/** A flag's configuration per environment (document and §9): read, update as a whole, toggle. */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { sortedEnvironments } from '../environments/environment-service.js';
import { refuseChangeWhileArchived } from '../flags/archived-flag-guard.js';
import { updatedConfiguration } from './configuration-update.js';
import { configurationOf, saveConfiguration } from './flag-configuration.js';
import { toFlagEnvironment } from './flag-environment-representation.js';

export const listFlagEnvironments: OperationHandler<'listFlagEnvironments'> = ({ store, scope }) => {
  const flag = scope.flag!;
  return sortedEnvironments(store, flag.projectId).map((environment) =>
    toFlagEnvironment(store, flag, environment, scope.role!),
  );
};

export const getFlagEnvironment: OperationHandler<'getFlagEnvironment'> = ({ store, scope }) =>
  toFlagEnvironment(store, scope.flag!, scope.environment!, scope.role!);

export const updateFlagEnvironment: OperationHandler<'updateFlagEnvironment'> = ({
  store,
  scope,
  body,
  now,
}) => {
  const flag = scope.flag!;
  const environment = scope.environment!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
  const current = configurationOf(flag, environment.id);
  const next = updatedConfiguration(store, flag, environment.id, current, body);
  saveConfiguration(store, flag, environment.id, next, now);
};

export const toggleFlag: OperationHandler<'toggleFlag'> = ({ store, scope, body, now }) => {
  const flag = scope.flag!;
  const environment = scope.environment!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
  const current = configurationOf(flag, environment.id);
  saveConfiguration(store, flag, environment.id, { ...current, isEnabled: body.enabled }, now);
};
