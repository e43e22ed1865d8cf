/** Flags (document and §8): list, create, read, update, archive, restore, delete. */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { toFlag, toFlagPage } from './flags-representation.js';
import * as service from './flags-service.js';

export const listFlags: OperationHandler<'listFlags'> = ({ store, scope, query, now }) => {
  const page = service.listFlags(store, scope.project, query);
  return toFlagPage(store, scope.project, page, query.view, scope.role, now);
};

export const createFlag: OperationHandler<'createFlag'> = ({ store, scope, body, now }) =>
  toFlag(store, service.createFlag(store, scope, body, now), scope.role, now);

export const getFlag: OperationHandler<'getFlag'> = ({ store, scope, now }) =>
  toFlag(store, scope.flag, scope.role, now);

export const updateFlag: OperationHandler<'updateFlag'> = ({ store, scope, body, now }) => {
  service.updateFlag(store, scope, body, now);
};

export const deleteFlag: OperationHandler<'deleteFlag'> = ({ store, scope }) => {
  service.deleteFlag(store, scope.flag);
};

export const archiveFlag: OperationHandler<'archiveFlag'> = ({ store, scope, now }) => {
  service.archiveFlag(store, scope.flag, now);
};

export const restoreFlag: OperationHandler<'restoreFlag'> = ({ store, scope, now }) => {
  service.restoreFlag(store, scope.flag, now);
};
