/**
 * §9 configuration update: every property optional (omitted or null keeps), the request checked as a
 * whole against the flag and the project, and the resulting configuration returned only when all of it
 * is valid, so the caller stores all of it or nothing.
 */
import { randomUUID } from 'node:crypto';
import type { OperationInput } from '../../routes/operation-handler.js';
import type { FlagConfigurationRecord, FlagRecord, RuleRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { type FieldProblem, refuseOnProblems } from '../flags/field-problems.js';
import { ruleProblems, toRuleRecord } from '../rules/rule-input.js';
import { resolvePrerequisites } from './prerequisite-input.js';

type ConfigurationUpdate = OperationInput<'updateFlagEnvironment'>['body'];
type RuleElement = NonNullable<ConfigurationUpdate['rules']>[number];

export function updatedConfiguration(
  store: Pick<StoreView, 'get' | 'children'>,
  flag: FlagRecord,
  environmentId: string,
  current: FlagConfigurationRecord,
  update: ConfigurationUpdate,
): FlagConfigurationRecord {
  const problems: FieldProblem[] = [];
  const isVariation = (id: string) => flag.variations.some((variation) => variation.id === id);
  if (update.defaultVariationId != null && !isVariation(update.defaultVariationId)) {
    problems.push({
      field: 'defaultVariationId',
      message: `the flag has no variation with id ${update.defaultVariationId}`,
    });
  }
  update.percentageRollout?.forEach((entry, index) => {
    if (isVariation(entry.variationId)) return;
    problems.push({
      field: `percentageRollout.${index}.variationId`,
      message: `the flag has no variation with id ${entry.variationId}`,
    });
  });
  const strategy = update.strategy ?? current.strategy;
  const percentageRollout = update.percentageRollout ?? current.percentageRollout;
  if (strategy === 'PercentageRollout' && percentageRollout === null) {
    problems.push({
      field: 'percentageRollout',
      message: 'is required for strategy PercentageRollout: no weights are stored for this environment',
    });
  }
  let prerequisites = current.prerequisites;
  if (update.prerequisites != null) {
    const resolved = resolvePrerequisites(store, flag, environmentId, update.prerequisites);
    problems.push(...resolved.problems);
    prerequisites = resolved.prerequisites;
  }
  let rules = current.rules;
  if (update.rules != null) {
    const replaced = replacedRules(store, flag, current.rules, update.rules);
    problems.push(...replaced.problems);
    rules = replaced.rules;
  }
  refuseOnProblems(problems);
  return {
    ...current,
    isEnabled: update.isEnabled ?? current.isEnabled,
    defaultVariationId: update.defaultVariationId ?? current.defaultVariationId,
    strategy,
    percentageRollout,
    prerequisites,
    rules,
  };
}

/**
 * The new ordered list. An element with the id of one of this configuration's rules keeps that id (its
 * identity survives the edit); any other element, including one with an id that is not such a rule, is
 * a new rule with a new id, as §9 says of "the others". Naming one existing id twice is refused: which of
 * the two would be the rule is anybody's guess.
 */
function replacedRules(
  store: Pick<StoreView, 'get'>,
  flag: FlagRecord,
  existing: readonly RuleRecord[],
  elements: readonly RuleElement[],
): { rules: RuleRecord[]; problems: FieldProblem[] } {
  const existingIds = new Set(existing.map((rule) => rule.id));
  const keptIds = new Set<string>();
  const problems: FieldProblem[] = [];
  const rules = elements.map((element, index) => {
    problems.push(...ruleProblems(store, flag, element, `rules.${index}.`));
    const id = element.id;
    if (id == null || !existingIds.has(id)) return toRuleRecord(element, randomUUID());
    if (keptIds.has(id)) {
      problems.push({ field: `rules.${index}.id`, message: `rule ${id} is listed more than once` });
    }
    keptIds.add(id);
    return toRuleRecord(element, id);
  });
  return { rules, problems };
}
