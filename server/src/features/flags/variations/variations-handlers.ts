/** Variations of a flag (document and §8). */
import type { OperationHandler } from '../../../routes/operation-handler.js';
import { toVariation } from './variations-representation.js';
import * as service from './variations-service.js';

export const createVariation: OperationHandler<'createVariation'> = ({ store, scope, body, now }) => {
  const { flag, variation } = service.createVariation(store, scope, body, now);
  return toVariation(store, flag, variation, scope.role);
};

export const updateVariation: OperationHandler<'updateVariation'> = ({ store, scope, body, now }) => {
  service.updateVariation(store, scope, body, now);
};

export const deleteVariation: OperationHandler<'deleteVariation'> = ({ store, scope, now }) => {
  service.deleteVariation(store, scope, now);
};
