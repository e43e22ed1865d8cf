/**
 * The targeting rule write shape (§10) turned into a stored rule, and the checks that need stored state.
 * Shared by the rules operations and by `rules` of a configuration update (§9), so both accept exactly
 * the same rules.
 */

import { storedDescription } from '../../../domain/creation-defaults.js';
import type { FieldProblem } from '../../../domain/field-problems.js';
import type { BodyOf } from '../../../routes/operation-handler.js';
import type { FlagRecord, RuleRecord } from '../../../store/records.js';
import type { StoreView } from '../../../store/store.js';

/** A rule body as the contract's schema leaves it (operators canonical, condition groups checked). */
export type RuleInput = BodyOf<'createRule'>;

/**
 * What is wrong with `rule` for `flag`, beyond what the schema checked: its variation must be one of the
 * flag's, its segment one of the project's. `fieldPrefix` places the fields inside a larger body.
 */
export function ruleProblems(
  store: Pick<StoreView, 'get'>,
  flag: FlagRecord,
  rule: RuleInput,
  fieldPrefix = '',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!flag.variations.some((variation) => variation.id === rule.variationId)) {
    problems.push({
      field: `${fieldPrefix}variationId`,
      message: `the flag has no variation with id ${rule.variationId}`,
    });
  }
  if (rule.userSegmentId != null) {
    const segment = store.get('segments', rule.userSegmentId);
    // Another project's segment is answered like a missing one: it is not this project's business.
    if (!segment || segment.projectId !== flag.projectId) {
      problems.push({
        field: `${fieldPrefix}userSegmentId`,
        message: `the project has no segment with id ${rule.userSegmentId}`,
      });
    }
  }
  return problems;
}

/** The stored rule; omitted or null optional properties take their defaults (§3). */
export function toRuleRecord(rule: RuleInput, id: string): RuleRecord {
  return {
    id,
    description: storedDescription(rule.description),
    variationId: rule.variationId,
    rolloutPercentage: rule.rolloutPercentage ?? null,
    userSegmentId: rule.userSegmentId ?? null,
    conditionGroups: rule.conditionGroups ?? [],
  };
}
