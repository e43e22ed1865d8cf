/** Values as one short line each, for `before → after` (rules and condition groups in words). */
import type { ConditionGroup } from '@flagplane/contract';

export function displayValue(property: string, value: unknown): string {
  if (value === undefined) return '(none)';
  if (property === 'managedBy') return managedByText(value);
  if (property === 'rules' && Array.isArray(value))
    return value.length === 0 ? 'no rules' : value.map(displayRule).join('; ');
  if (property === 'conditionGroups' && Array.isArray(value)) return displayGroups(value as ConditionGroup[]);
  if (property === 'prerequisites' && Array.isArray(value)) {
    return value.length === 0
      ? 'none'
      : value
          .map((entry: { flag: string; variation: string }) => `${entry.flag}=${entry.variation}`)
          .join(', ');
  }
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function displayRule(rule: {
  variation: string;
  rolloutPercentage: number | null;
  segment: string | null;
  conditionGroups: readonly ConditionGroup[];
}): string {
  const parts = [`serve ${JSON.stringify(rule.variation)}`];
  if (rule.rolloutPercentage !== null) parts.push(`to ${rule.rolloutPercentage}%`);
  if (rule.segment) parts.push(`in segment ${rule.segment}`);
  if (rule.conditionGroups.length > 0) parts.push(`if ${displayGroups(rule.conditionGroups)}`);
  return `[${parts.join(' ')}]`;
}

function displayGroups(groups: readonly ConditionGroup[]): string {
  if (groups.length === 0) return 'none';
  return groups
    .map((group) =>
      group.conditions
        .map(
          (condition) =>
            `${condition.negate ? 'not ' : ''}${condition.attribute} ${condition.operator} ${JSON.stringify(condition.values)}`,
        )
        .join(group.operator === 'Or' ? ' or ' : ' and '),
    )
    .map((text) => `(${text})`)
    .join(' and ');
}

/** `file:flags.yaml (development, production)`; a project's claim has no environments: its source alone. */
export function managedByText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  const { source, environments } = value as { source: string; environments?: readonly string[] };
  return environments && environments.length > 0 ? `${source} (${environments.join(', ')})` : source;
}
