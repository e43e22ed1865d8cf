/** The closed sets of names the API uses, as zod enums (never TypeScript `enum`). */
import * as z from 'zod';

export const Role = z.enum(['Viewer', 'Member', 'Admin', 'Owner']);
export type Role = z.infer<typeof Role>;

/** Lowest first: a role includes every role before it (§4). */
export const roleRank: Readonly<Record<Role, number>> = { Viewer: 0, Member: 1, Admin: 2, Owner: 3 };

export const OrganizationPlan = z.enum(['Solo', 'Pro', 'Business', 'Enterprise']);
export type OrganizationPlan = z.infer<typeof OrganizationPlan>;

export const FlagType = z.enum(['Boolean', 'String', 'Number', 'Json']);
export type FlagType = z.infer<typeof FlagType>;

export const Strategy = z.enum(['SingleVariation', 'PercentageRollout', 'TargetedRollout']);
export type Strategy = z.infer<typeof Strategy>;

export const SdkKeyType = z.enum(['ClientSide', 'ServerSide']);
export type SdkKeyType = z.infer<typeof SdkKeyType>;

export const Staleness = z.enum(['New', 'Active', 'Stale', 'Archived']);
export type Staleness = z.infer<typeof Staleness>;

export const GroupOperator = z.enum(['And', 'Or']);
export type GroupOperator = z.infer<typeof GroupOperator>;

export const ConditionOperator = z.enum([
  'Equals',
  'NotEquals',
  'Contains',
  'NotContains',
  'GreaterThan',
  'LessThan',
  'GreaterThanOrEqual',
  'LessThanOrEqual',
  'In',
  'NotIn',
  'MatchesRegex',
  'StartsWith',
  'EndsWith',
  'Before',
  'After',
  'SemverEquals',
  'SemverGreaterThan',
  'SemverGreaterThanOrEqual',
  'SemverLessThan',
  'SemverLessThanOrEqual',
]);
export type ConditionOperator = z.infer<typeof ConditionOperator>;

/** Hex color text of an environment (stored lower-case). */
export type EnvironmentColor = string;
