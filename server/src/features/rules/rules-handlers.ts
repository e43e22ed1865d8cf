/** Targeting rules of one flag configuration (document and §10). */
import { randomUUID } from 'node:crypto';
import { limits } from '@flagplane/contract';
import { ApiError, validationFailed } from '../../domain/api-error.js';
import type { OperationHandler } from '../../routes/operation-handler.js';
import { configurationOf, saveConfiguration } from '../flag-configurations/flag-configuration.js';
import { refuseChangeWhileArchived } from '../flags/archived-flag-guard.js';
import { refuseOnProblems } from '../flags/field-problems.js';
import { ruleProblems, toRuleRecord } from './rule-input.js';
import { ruleOrderProblem } from './rule-order.js';
import { toRule } from './rule-representation.js';

/** Appended last, so existing rules keep their precedence. */
export const createRule: OperationHandler<'createRule'> = ({ store, scope, body, now }) => {
  const flag = scope.flag!;
  const environment = scope.environment!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
  const configuration = configurationOf(flag, environment.id);
  if (configuration.rules.length >= limits.rulesPerConfiguration) {
    throw validationFailed(
      `A configuration has at most ${limits.rulesPerConfiguration} rules; delete one before adding another.`,
    );
  }
  refuseOnProblems(ruleProblems(store, flag, body));
  const rule = toRuleRecord(body, randomUUID());
  saveConfiguration(
    store,
    flag,
    environment.id,
    { ...configuration, rules: [...configuration.rules, rule] },
    now,
  );
  return toRule(rule);
};

/** Wholesale (document rule 9): omitted optional properties are reset, not kept. The id and place stay. */
export const updateRule: OperationHandler<'updateRule'> = ({ store, scope, body, now }) => {
  const flag = scope.flag!;
  const environment = scope.environment!;
  const target = scope.rule!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
  refuseOnProblems(ruleProblems(store, flag, body));
  const configuration = configurationOf(flag, environment.id);
  const rules = configuration.rules.map((rule) =>
    rule.id === target.id ? toRuleRecord(body, target.id) : rule,
  );
  saveConfiguration(store, flag, environment.id, { ...configuration, rules }, now);
};

export const deleteRule: OperationHandler<'deleteRule'> = ({ store, scope, now }) => {
  const flag = scope.flag!;
  const environment = scope.environment!;
  const target = scope.rule!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
  const configuration = configurationOf(flag, environment.id);
  const rules = configuration.rules.filter((rule) => rule.id !== target.id);
  saveConfiguration(store, flag, environment.id, { ...configuration, rules }, now);
};

/** A mismatched id set is `bad_request`, not `validation_failed` (document rule 8, §10, §15). */
export const reorderRules: OperationHandler<'reorderRules'> = ({ store, scope, body, now }) => {
  const flag = scope.flag!;
  const environment = scope.environment!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
  const configuration = configurationOf(flag, environment.id);
  const problem = ruleOrderProblem(
    configuration.rules.map((rule) => rule.id),
    body.ruleIds,
  );
  if (problem) throw new ApiError('bad_request', problem);
  const byId = new Map(configuration.rules.map((rule) => [rule.id, rule]));
  const rules = body.ruleIds.map((id) => byId.get(id)!);
  saveConfiguration(store, flag, environment.id, { ...configuration, rules }, now);
};
