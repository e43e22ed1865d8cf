/** Targeting rules on the wire (§9, §10): nested in configurations, top-level after creation. */
import type { Rule } from '@flagplane/contract';
import type { RuleRecord } from '../../../store/records.js';

export function toRule(rule: RuleRecord): Rule {
  return {
    id: rule.id,
    description: rule.description,
    variationId: rule.variationId,
    rolloutPercentage: rule.rolloutPercentage,
    userSegmentId: rule.userSegmentId,
    conditionGroups: rule.conditionGroups.map((group) => ({
      operator: group.operator,
      conditions: group.conditions.map((condition) => ({ ...condition, values: [...condition.values] })),
    })),
  };
}
