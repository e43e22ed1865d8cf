/** A flag's configuration in one environment on the wire (§9), prerequisites by their current keys. */
import type { FlagEnvironment, NestedFlagEnvironment, Prerequisite, Role } from '@flagplane/contract';
import { limits } from '@flagplane/contract';
import { actionFor } from '../../../access/actions.js';
import type { EnvironmentRecord, FlagRecord, PrerequisiteRecord } from '../../../store/records.js';
import type { StoreView } from '../../../store/store.js';
import { archivedReason } from '../archived-flag-guard.js';
import { toRule } from '../rules/rules-representation.js';
import { configurationOf } from './flag-configurations-service.js';

/** The configuration nested in a full flag list item: the top-level shape without `_actions`. */
export function toNestedFlagEnvironment(
  store: Pick<StoreView, 'get'>,
  flag: FlagRecord,
  environment: EnvironmentRecord,
): NestedFlagEnvironment {
  const configuration = configurationOf(flag, environment.id);
  return {
    environmentId: environment.id,
    environmentKey: environment.key,
    isEnabled: configuration.isEnabled,
    defaultVariationId: configuration.defaultVariationId,
    strategy: configuration.strategy,
    prerequisites: configuration.prerequisites.map((prerequisite) => toPrerequisite(store, prerequisite)),
    rules: configuration.rules.map(toRule),
    percentageRollout: configuration.percentageRollout?.map((entry) => ({ ...entry })) ?? null,
  };
}

export function toFlagEnvironment(
  store: Pick<StoreView, 'get'>,
  flag: FlagRecord,
  environment: EnvironmentRecord,
  role: Role,
): FlagEnvironment {
  const archived = flag.isArchived && archivedReason;
  const configuration = configurationOf(flag, environment.id);
  return {
    ...toNestedFlagEnvironment(store, flag, environment),
    _actions: {
      update: actionFor(role, 'Member', archived),
      toggle: actionFor(role, 'Member', archived),
      createRule: actionFor(
        role,
        'Member',
        archived,
        configuration.rules.length >= limits.rulesPerConfiguration &&
          `The configuration has the maximum of ${limits.rulesPerConfiguration} rules.`,
      ),
      reorderRules: actionFor(role, 'Member', archived),
    },
  };
}

/** Stored by ids, shown by keys: keys are immutable, but resolving them on read keeps one source of truth. */
function toPrerequisite(store: Pick<StoreView, 'get'>, prerequisite: PrerequisiteRecord): Prerequisite {
  const dependency = store.get('flags', prerequisite.flagId);
  const variation = dependency?.variations.find((candidate) => candidate.id === prerequisite.variationId);
  return { prerequisiteFlagKey: dependency?.key ?? null, expectedVariationKey: variation?.key ?? null };
}
