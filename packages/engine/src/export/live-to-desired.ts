/**
 * The live state written as a desired-state document that `plan` reports as no change: every property
 * the default would not give is written, every default left out, so the file stays short and readable.
 * Archived flags and revoked keys are left out (they are already removed).
 */
import {
  type ConditionGroup,
  type ConditionGroupInput,
  type DesiredFlagEnvironmentInput,
  type DesiredFlagInput,
  type DesiredProjectInput,
  type DesiredRuleInput,
  type DesiredSdkKeyInput,
  type DesiredSegmentInput,
  type DesiredStateInput,
  defaultBooleanVariations,
  defaultEnvironmentColor,
  defaultVariationOf,
  desiredStateVersion,
} from '@flagplane/contract';
import type { LiveFlag, LiveProject, LiveState } from '../live/live-state.js';
import { keyedLiveConfiguration } from '../plan/keyed-configuration.js';
import { sameValue } from '../plan/property-changes.js';
import { parseLiveSdkKeyName } from '../plan/sdk-key-name.js';

export function liveToDesired(live: LiveState): DesiredStateInput {
  return {
    version: desiredStateVersion,
    organization: live.organization,
    projects: [...live.projects.values()].map(exportProject),
  };
}

function exportProject(project: LiveProject): DesiredProjectInput {
  return {
    key: project.key,
    ...(project.name !== project.key ? { name: project.name } : {}),
    ...(project.description ? { description: project.description } : {}),
    environments: project.environments.map((environment, index) => ({
      key: environment.key,
      ...(environment.name !== environment.key ? { name: environment.name } : {}),
      ...(environment.color !== defaultEnvironmentColor ? { color: environment.color } : {}),
      ...(environment.sortOrder !== index ? { sortOrder: environment.sortOrder } : {}),
    })),
    ...nonEmpty('segments', project.segments.map(exportSegment)),
    ...nonEmpty(
      'flags',
      project.flags.filter((flag) => !flag.isArchived).map((flag) => exportFlag(flag, project)),
    ),
    ...nonEmpty('sdkKeys', exportSdkKeys(project)),
  };
}

function exportSegment(segment: LiveProject['segments'][number]): DesiredSegmentInput {
  return {
    key: segment.key,
    ...(segment.name !== segment.key ? { name: segment.name } : {}),
    ...(segment.description ? { description: segment.description } : {}),
    ...nonEmpty('included', [...segment.included]),
    ...nonEmpty('excluded', [...segment.excluded]),
    ...nonEmpty('conditionGroups', segment.conditionGroups.map(compactGroup)),
  };
}

function exportFlag(flag: LiveFlag, project: LiveProject): DesiredFlagInput {
  const variations = flag.variations.map((variation) => ({
    key: variation.key,
    value: variation.value,
    ...(variation.name !== variation.key ? { name: variation.name } : {}),
    ...(variation.description ? { description: variation.description } : {}),
  }));
  const booleanDefaults = flag.type === 'Boolean' && sameValue(variations, defaultBooleanVariations);
  const declared = { type: flag.type, ...(booleanDefaults ? {} : { variations }) };
  const fallbackDefault = defaultVariationOf(declared);
  const environments: Record<string, DesiredFlagEnvironmentInput> = {};
  for (const environment of project.environments) {
    const configuration = flag.configurations.get(environment.key);
    if (!configuration) continue;
    const keyed = keyedLiveConfiguration(configuration, flag, project.segments);
    const exported: DesiredFlagEnvironmentInput = {
      ...(keyed.enabled ? { enabled: true } : {}),
      ...(keyed.defaultVariation !== fallbackDefault ? { defaultVariation: keyed.defaultVariation } : {}),
      ...(keyed.strategy !== 'SingleVariation' ? { strategy: keyed.strategy } : {}),
      ...(keyed.percentageRollout ? { percentageRollout: { ...keyed.percentageRollout } } : {}),
      ...nonEmpty('prerequisites', [...keyed.prerequisites]),
      ...nonEmpty(
        'rules',
        keyed.rules.map(
          (rule): DesiredRuleInput => ({
            ...(rule.description ? { description: rule.description } : {}),
            variation: rule.variation,
            ...(rule.rolloutPercentage !== null ? { rolloutPercentage: rule.rolloutPercentage } : {}),
            ...(rule.segment ? { segment: rule.segment } : {}),
            ...nonEmpty('conditionGroups', rule.conditionGroups.map(compactGroup)),
          }),
        ),
      ),
    };
    if (Object.keys(exported).length > 0) environments[environment.key] = exported;
  }
  return {
    key: flag.key,
    type: flag.type,
    ...(flag.name !== flag.key ? { name: flag.name } : {}),
    ...(flag.description ? { description: flag.description } : {}),
    ...nonEmpty('tags', [...flag.tags]),
    ...(flag.clientSideVisible ? { clientSideVisible: true } : {}),
    ...(flag.temporary ? { temporary: true } : {}),
    ...(booleanDefaults ? {} : { variations }),
    ...(Object.keys(environments).length > 0 ? { environments } : {}),
  };
}

/** The newest active key of each name per environment (older ones are left to `--prune` to report). */
function exportSdkKeys(project: LiveProject): DesiredSdkKeyInput[] {
  const newest = new Map<string, LiveProject['sdkKeys'][number]>();
  for (const key of project.sdkKeys.filter((candidate) => candidate.isActive)) {
    const identity = `${key.environment}/${parseLiveSdkKeyName(key.name).name}`;
    const known = newest.get(identity);
    if (!known || known.createdAt < key.createdAt) newest.set(identity, key);
  }
  return [...newest.values()].map((key) => {
    const { name, rotation } = parseLiveSdkKeyName(key.name);
    return {
      name,
      environment: key.environment,
      type: key.type,
      ...(key.description ? { description: key.description } : {}),
      ...(rotation > 0 ? { rotation } : {}),
    };
  });
}

/** A condition group without the values its schema defaults to (`And`, `negate: false`). */
function compactGroup(group: ConditionGroup): ConditionGroupInput {
  return {
    ...(group.operator !== 'And' ? { operator: group.operator } : {}),
    conditions: group.conditions.map(({ negate, ...condition }) => ({
      ...condition,
      values: [...condition.values],
      ...(negate ? { negate } : {}),
    })),
  };
}

function nonEmpty<Key extends string, Item>(key: Key, items: Item[]): { [K in Key]?: Item[] } {
  return (items.length > 0 ? { [key]: items } : {}) as { [K in Key]?: Item[] };
}
