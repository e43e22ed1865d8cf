/** Targeting rules of one flag configuration (document and §10): add, replace, delete, reorder. */
import { randomUUID } from 'node:crypto';
import { limits } from '@flagplane/contract';
import type { PathRecords } from '../../../access/path-scope.js';
import { ApiError, validationFailed } from '../../../domain/api-error.js';
import { refuseOnProblems } from '../../../domain/field-problems.js';
import type { BodyOf } from '../../../routes/operation-handler.js';
import type { RuleRecord } from '../../../store/records.js';
import type { Transaction } from '../../../store/store.js';
import {
  type ConfigurationScope,
  changeableConfiguration,
  saveConfiguration,
} from '../configurations/flag-configurations-service.js';
import { type RuleInput, ruleProblems, toRuleRecord } from './rule-input.js';
import { ruleOrderProblem } from './rule-order.js';

type RuleScope = ConfigurationScope & Pick<PathRecords, 'rule'>;

/** Appended last, so existing rules keep their precedence. */
export function createRule(
  store: Transaction,
  scope: ConfigurationScope,
  body: RuleInput,
  now: string,
): RuleRecord {
  const configuration = changeableConfiguration(scope);
  if (configuration.rules.length >= limits.rulesPerConfiguration) {
    throw validationFailed(
      `A configuration has at most ${limits.rulesPerConfiguration} rules; delete one before adding another.`,
    );
  }
  refuseOnProblems(ruleProblems(store, scope.flag, body));
  const rule = toRuleRecord(body, randomUUID());
  saveConfiguration(store, scope, { ...configuration, rules: [...configuration.rules, rule] }, now);
  return rule;
}

/** Wholesale (document rule 9): omitted optional properties are reset, not kept. The id and place stay. */
export function updateRule(store: Transaction, scope: RuleScope, body: RuleInput, now: string): void {
  const target = scope.rule;
  const configuration = changeableConfiguration(scope);
  refuseOnProblems(ruleProblems(store, scope.flag, body));
  const rules = configuration.rules.map((rule) =>
    rule.id === target.id ? toRuleRecord(body, target.id) : rule,
  );
  saveConfiguration(store, scope, { ...configuration, rules }, now);
}

export function deleteRule(store: Transaction, scope: RuleScope, now: string): void {
  const configuration = changeableConfiguration(scope);
  const rules = configuration.rules.filter((rule) => rule.id !== scope.rule.id);
  saveConfiguration(store, scope, { ...configuration, rules }, now);
}

/** A mismatched id set is `bad_request`, not `validation_failed` (document rule 8, §10, §15). */
export function reorderRules(
  store: Transaction,
  scope: ConfigurationScope,
  body: BodyOf<'reorderRules'>,
  now: string,
): void {
  const configuration = changeableConfiguration(scope);
  const problem = ruleOrderProblem(
    configuration.rules.map((rule) => rule.id),
    body.ruleIds,
  );
  if (problem) throw new ApiError('bad_request', problem);
  const byId = new Map(configuration.rules.map((rule) => [rule.id, rule]));
  // ruleOrderProblem found every requested id among the rules, so nothing is dropped here.
  const rules = body.ruleIds.flatMap((id) => byId.get(id) ?? []);
  saveConfiguration(store, scope, { ...configuration, rules }, now);
}
