/**
 * A flag's configuration per environment (document and §9): read, updated as a whole, toggled. The
 * configuration is embedded in the flag record, so every change is a change of the flag.
 */
import { randomUUID } from 'node:crypto';
import type { PathRecords } from '../../../access/path-scope.js';
import { type FieldProblem, refuseOnProblems } from '../../../domain/field-problems.js';
import type { BodyOf } from '../../../routes/operation-handler.js';
import type { FlagConfigurationRecord, FlagRecord, RuleRecord } from '../../../store/records.js';
import type { StoreView, Transaction } from '../../../store/store.js';
import { refuseChangeWhileArchived } from '../archived-flag-guard.js';
import { initialConfiguration } from '../flag-defaults.js';
import { saveFlag } from '../flag-writes.js';
import { ruleProblems, toRuleRecord } from '../rules/rule-input.js';
import { resolvePrerequisites } from './prerequisite-input.js';

/** A flag and an environment, with the path that named them (for the archived flag's `next_actions`). */
export type ConfigurationScope = Pick<PathRecords, 'org' | 'project' | 'flag' | 'environment'>;
type ConfigurationUpdate = BodyOf<'updateFlagEnvironment'>;
type RuleElement = NonNullable<ConfigurationUpdate['rules']>[number];

/**
 * §9 configuration update: every property optional (omitted or null keeps), the request checked as a
 * whole against the flag and the project, and stored only when all of it is valid.
 */
export function updateFlagEnvironment(
  store: Transaction,
  scope: ConfigurationScope,
  body: ConfigurationUpdate,
  now: string,
): void {
  const current = changeableConfiguration(scope);
  const next = updatedConfiguration(store, scope.flag, scope.environment.id, current, body);
  saveConfiguration(store, scope, next, now);
}

export function toggleFlag(
  store: Transaction,
  scope: ConfigurationScope,
  enabled: boolean,
  now: string,
): void {
  saveConfiguration(store, scope, { ...changeableConfiguration(scope), isEnabled: enabled }, now);
}

/**
 * The stored configuration. Environment and flag creation give every pair one, so the fallback (the
 * configuration a new environment would get) only keeps a damaged data file readable instead of a 500.
 */
export function configurationOf(flag: FlagRecord, environmentId: string): FlagConfigurationRecord {
  return flag.configurations[environmentId] ?? initialConfiguration(flag, flag.createdAt);
}

/** The configuration of the path, once the flag is known not to be archived (§8). */
export function changeableConfiguration(scope: ConfigurationScope): FlagConfigurationRecord {
  refuseChangeWhileArchived(scope);
  return configurationOf(scope.flag, scope.environment.id);
}

/** Stores `configuration` for the environment; its `updatedAt` moves only if something changed. */
export function saveConfiguration(
  store: Transaction,
  { flag, environment }: Pick<PathRecords, 'flag' | 'environment'>,
  configuration: FlagConfigurationRecord,
  now: string,
): void {
  const configurations = { ...flag.configurations, [environment.id]: configuration };
  saveFlag(store, flag, { ...flag, configurations }, now);
}

/** The configuration after `update`, or a 400 naming every problem of the request. */
function updatedConfiguration(
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
