/**
 * One flag: created with its variations when missing (restored when archived), its properties and
 * variations updated, its configuration in each environment made to match with one atomic PUT, and
 * variations it no longer declares deleted once no configuration uses them.
 */
import type { ResolvedFlag } from '../desired/resolved-state.js';
import { type LiveFlag, type LiveProject, managedByBody } from '../live/live-state.js';
import {
  configurationBody,
  configurationChanges,
  initialConfiguration,
  type KeyedConfiguration,
  keyedLiveConfiguration,
} from './keyed-configuration.js';
import { changeId, configurationResource } from './plan.js';
import type { PlanBuilder } from './plan-builder.js';
import { propertyChanges, sameValue } from './property-changes.js';

const flagProperties = ['name', 'description', 'tags', 'clientSideVisible', 'temporary'] as const;

/** The flag's own properties the plan compares: `managedBy` too when the state has a source (§20). */
function declaredFlagProperties(flag: ResolvedFlag): ((typeof flagProperties)[number] | 'managedBy')[] {
  return flag.managedBy ? [...flagProperties, 'managedBy'] : [...flagProperties];
}

/** Shown as the "before" of a default variation the API chose on its own (a new environment). */
const defaultChosenByApi = '(the flag default)';

export interface FlagPlanOptions {
  /** Only make sure the flag exists (create or restore); `resource ensure`. */
  readonly existenceOnly?: boolean;
}

export function planFlag(
  plan: PlanBuilder,
  projectKey: string,
  flag: ResolvedFlag,
  live: LiveProject | undefined,
  options: FlagPlanOptions = {},
): void {
  const current = live?.flags.find((candidate) => candidate.key === flag.key);
  if (current && current.type !== flag.type) {
    plan.conflict(
      `flag ${projectKey}/${flag.key}: its type cannot change (live ${current.type}, declared ${flag.type}); declare a new flag key instead`,
    );
    return;
  }
  if (current?.type === 'Boolean') {
    const liveKeys = current.variations.map((variation) => variation.key).sort();
    const declaredKeys = flag.variations.map((variation) => variation.key).sort();
    if (!sameValue(liveKeys, declaredKeys)) {
      plan.conflict(
        `flag ${projectKey}/${flag.key}: a Boolean flag's variation keys cannot change (live ${liveKeys.join(', ')}, declared ${declaredKeys.join(', ')})`,
      );
      return;
    }
  }
  const flagStep = current
    ? planFlagUpdate(plan, projectKey, flag, current, options)
    : planFlagCreation(plan, projectKey, flag);
  if (options.existenceOnly) return;
  for (const [environmentKey, desired] of flag.configurations) {
    planConfiguration(plan, projectKey, flag, environmentKey, desired, current, live, flagStep);
  }
}

/**
 * What a flag's own write waits for: its project, and the environments its `managedBy` names (§20: the
 * server refuses an environment key it does not know yet, so a new one must exist first).
 */
function flagStepAfter(projectKey: string, flag: ResolvedFlag): string[] {
  return [
    changeId('project', projectKey, projectKey),
    ...(flag.managedBy?.environments ?? []).map((environment) =>
      changeId('environment', projectKey, environment),
    ),
  ];
}

function planFlagCreation(plan: PlanBuilder, projectKey: string, flag: ResolvedFlag): string {
  return plan.add({
    kind: 'flag',
    project: projectKey,
    resource: flag.key,
    action: 'create',
    changes: [
      { property: 'type', before: undefined, after: flag.type },
      ...propertyChanges({}, flag, declaredFlagProperties(flag)),
      { property: 'variations', before: undefined, after: flag.variations.map((variation) => variation.key) },
      { property: 'defaultVariation', before: undefined, after: flag.defaultVariation },
    ],
    after: flagStepAfter(projectKey, flag),
    run: async ({ client, organization, ids }) => {
      const created = await client.flags.create(organization, projectKey, {
        key: flag.key,
        type: flag.type,
        name: flag.name,
        ...(flag.description ? { description: flag.description } : {}),
        tags: [...flag.tags],
        clientSideVisible: flag.clientSideVisible,
        temporary: flag.temporary,
        variations: flag.variations.map((variation) => ({
          key: variation.key,
          name: variation.name,
          value: variation.value,
          ...(variation.description ? { description: variation.description } : {}),
        })),
        defaultVariationKey: flag.defaultVariation,
        ...(flag.managedBy ? { managedBy: managedByBody(flag.managedBy) } : {}),
      });
      for (const variation of created.variations) {
        if (variation.key) ids.setVariation(projectKey, flag.key, variation.key, variation.id);
      }
    },
  });
}

function planFlagUpdate(
  plan: PlanBuilder,
  projectKey: string,
  flag: ResolvedFlag,
  current: LiveFlag,
  options: FlagPlanOptions,
): string {
  const changes = options.existenceOnly ? [] : propertyChanges(current, flag, declaredFlagProperties(flag));
  const added = flag.variations.filter(
    (variation) => !current.variations.some((live) => live.key === variation.key),
  );
  const edited = flag.variations.filter((variation) => {
    const live = current.variations.find((candidate) => candidate.key === variation.key);
    return live && !sameValue({ ...live, id: undefined }, variation);
  });
  if (!options.existenceOnly) {
    for (const variation of added) {
      changes.push({ property: `variations.${variation.key}`, before: undefined, after: variation });
    }
    for (const variation of edited) {
      const live = current.variations.find((candidate) => candidate.key === variation.key);
      changes.push({
        property: `variations.${variation.key}`,
        before: { ...live, id: undefined },
        after: variation,
      });
    }
  }
  if (current.isArchived) changes.unshift({ property: 'isArchived', before: true, after: false });
  const id = changeId('flag', projectKey, flag.key);
  if (changes.length === 0) return id;
  return plan.add({
    kind: 'flag',
    project: projectKey,
    resource: flag.key,
    action: current.isArchived ? 'restore' : 'update',
    changes,
    after: flagStepAfter(projectKey, flag),
    ...(current.isArchived ? { reason: 'declared, but archived live' } : {}),
    run: async ({ client, organization, ids }) => {
      if (current.isArchived) await client.flags.restore(organization, projectKey, flag.key);
      if (changes.some((change) => (declaredFlagProperties(flag) as string[]).includes(change.property))) {
        await client.flags.update(organization, projectKey, flag.key, {
          name: flag.name,
          description: flag.description ?? '',
          tags: [...flag.tags],
          clientSideVisible: flag.clientSideVisible,
          temporary: flag.temporary,
          ...(flag.managedBy ? { managedBy: managedByBody(flag.managedBy) } : {}),
        });
      }
      if (options.existenceOnly) return;
      for (const variation of added) {
        const created = await client.variations.create(organization, projectKey, flag.key, {
          key: variation.key,
          name: variation.name,
          value: variation.value,
          ...(variation.description ? { description: variation.description } : {}),
        });
        ids.setVariation(projectKey, flag.key, variation.key, created.id);
      }
      for (const variation of edited) {
        await client.variations.update(organization, projectKey, flag.key, variation.key, {
          name: variation.name,
          description: variation.description ?? '',
          ...(flag.type === 'Boolean' ? {} : { value: variation.value }),
        });
      }
    },
  });
}

function planConfiguration(
  plan: PlanBuilder,
  projectKey: string,
  flag: ResolvedFlag,
  environmentKey: string,
  desired: NonNullable<ReturnType<ResolvedFlag['configurations']['get']>>,
  current: LiveFlag | undefined,
  live: LiveProject | undefined,
  flagStep: string,
): void {
  const liveConfiguration = current?.configurations.get(environmentKey);
  const before: KeyedConfiguration =
    current && liveConfiguration
      ? keyedLiveConfiguration(liveConfiguration, current, live?.segments ?? [])
      : initialConfiguration(current ? defaultChosenByApi : flag.defaultVariation);
  const changes = configurationChanges(before, desired);
  if (changes.length === 0) return;
  const environmentIsNew = !live?.environments.some((environment) => environment.key === environmentKey);
  plan.add({
    kind: 'configuration',
    project: projectKey,
    resource: configurationResource(flag.key, environmentKey),
    action: 'update',
    changes,
    after: [
      flagStep,
      changeId('project', projectKey, projectKey),
      ...(environmentIsNew ? [changeId('environment', projectKey, environmentKey)] : []),
      ...desired.rules.flatMap((rule) =>
        rule.segment ? [changeId('segment', projectKey, rule.segment)] : [],
      ),
      // Prerequisites first, in the same environment: no transient cycle, and never an archived prerequisite.
      ...desired.prerequisites.flatMap((prerequisite) => [
        changeId('flag', projectKey, prerequisite.flag),
        changeId('configuration', projectKey, configurationResource(prerequisite.flag, environmentKey)),
      ]),
    ],
    ...(liveConfiguration ? {} : { reason: current ? 'new environment' : 'new flag' }),
    run: async ({ client, organization, ids }) => {
      const body = configurationBody(changes, desired, before.rules, {
        project: projectKey,
        flag: flag.key,
        ids,
      });
      await client.flagEnvironments.update(organization, projectKey, flag.key, environmentKey, body);
    },
  });
}

/** Planned after every flag of the project, so that it waits for all their configurations. */
export function planVariationDeletions(
  plan: PlanBuilder,
  projectKey: string,
  flag: ResolvedFlag,
  live: LiveProject | undefined,
): void {
  const current = live?.flags.find((candidate) => candidate.key === flag.key);
  if (!current || current.type !== flag.type) return;
  const undeclared = current.variations.filter(
    (variation) => !flag.variations.some((declared) => declared.key === variation.key),
  );
  for (const variation of undeclared) {
    plan.add({
      kind: 'variation',
      project: projectKey,
      resource: `${flag.key}/${variation.key}`,
      action: 'delete',
      changes: [{ property: 'value', before: variation.value, after: undefined }],
      reason: 'no longer declared by the flag',
      // Every configuration of the project that may still use it (a default, a rule, a prerequisite).
      after: plan.idsWhere((step) => step.kind === 'configuration' && step.project === projectKey),
      run: async ({ client, organization }) => {
        await client.variations.delete(organization, projectKey, flag.key, variation.key);
      },
    });
  }
}
