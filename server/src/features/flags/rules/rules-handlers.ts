/** Targeting rules of one flag configuration (document and §10). */
import type { OperationHandler } from '../../../routes/operation-handler.js';
import { toRule } from './rules-representation.js';
import * as service from './rules-service.js';

export const createRule: OperationHandler<'createRule'> = ({ store, scope, body, now }) =>
  toRule(service.createRule(store, scope, body, now));

export const updateRule: OperationHandler<'updateRule'> = ({ store, scope, body, now }) => {
  service.updateRule(store, scope, body, now);
};

export const deleteRule: OperationHandler<'deleteRule'> = ({ store, scope, now }) => {
  service.deleteRule(store, scope, now);
};

export const reorderRules: OperationHandler<'reorderRules'> = ({ store, scope, body, now }) => {
  service.reorderRules(store, scope, body, now);
};
