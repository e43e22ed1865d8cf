/** `POST …/environments/{env}/evaluate` (§21): the playground. A read: no transaction, no event. */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { toEvaluationResults } from './evaluation-representation.js';
import { evaluateInEnvironment } from './evaluation-service.js';

export const evaluateFlags: OperationHandler<'evaluateFlags'> = ({ store, scope, body }) =>
  toEvaluationResults(evaluateInEnvironment(store, scope.project, scope.environment, body));
