/** SDK keys (document and §12). The plaintext exists only in the creation answer. */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { toSdkKey, toSdkKeyCreated, toSdkKeyPage } from './sdk-keys-representation.js';
import * as service from './sdk-keys-service.js';

export const listSdkKeys: OperationHandler<'listSdkKeys'> = ({ store, scope, query }) =>
  toSdkKeyPage(service.listSdkKeys(store, scope.environment, query), scope.role);

export const createSdkKey: OperationHandler<'createSdkKey'> = ({ store, scope, body, now }) => {
  const { key, plaintext } = service.createSdkKey(store, scope.environment, body, now);
  return toSdkKeyCreated(key, plaintext);
};

export const getSdkKey: OperationHandler<'getSdkKey'> = ({ scope }) => toSdkKey(scope.sdkKey, scope.role);

export const updateSdkKey: OperationHandler<'updateSdkKey'> = ({ store, scope, body }) => {
  service.updateSdkKey(store, scope.sdkKey, body);
};

export const revokeSdkKey: OperationHandler<'revokeSdkKey'> = ({ store, scope, principal, now }) => {
  service.revokeSdkKey(store, scope.sdkKey, principal, now);
};
