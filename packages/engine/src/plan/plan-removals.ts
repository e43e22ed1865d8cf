/**
 * Removals, by each resource's removal policy: for `destroy` (everything declared), `apply --prune`
 * (everything live but undeclared in a declared project) and an inventory that lost resources. The API
 * refuses some removals while something still refers to the resource, so they are ordered: a flag after
 * the flags that need it as a prerequisite, a segment after the flags whose rules use it; and a flag
 * that is archived first drops references to what is being deleted, since an archived flag can no longer
 * change and would block those deletions forever.
 */
import type { FlagRemovalPolicy } from '@flagplane/contract';
import type { LiveFlag, LiveProject } from '../live/live-state.js';
import { configurationBody, type KeyedConfiguration, keyedLiveConfiguration } from './keyed-configuration.js';
import { changeId, configurationResource, sdkKeyResource } from './plan.js';
import type { PlanBuilder } from './plan-builder.js';
import { type RemovalTarget, targetName } from './removal-targets.js';

export interface RemovalOptions {
  /** Why these resources are removed, shown with each change. */
  readonly reason: string;
}

export function planRemovals(
  plan: PlanBuilder,
  targets: readonly RemovalTarget[],
  live: ReadonlyMap<string, LiveProject>,
  options: RemovalOptions,
): void {
  const deletedProjects = new Set(
    targets
      .filter((target) => target.kind === 'project' && target.policy === 'delete')
      .map((target) => target.project),
  );
  const deletedEnvironments = new Set(
    targets.flatMap((target) =>
      target.kind === 'environment' && target.policy === 'delete' ? [`${target.project}/${target.key}`] : [],
    ),
  );
  const deletedSegments = new Set(
    targets.flatMap((target) =>
      target.kind === 'segment' && target.policy === 'delete' ? [`${target.project}/${target.key}`] : [],
    ),
  );
  const removedFlags = new Map(
    targets.flatMap((target) =>
      target.kind === 'flag' && target.policy !== 'retain'
        ? [[`${target.project}/${target.key}`, target.policy] as const]
        : [],
    ),
  );

  for (const target of targets) {
    const project = live.get(target.project);
    if (!project) continue;
    // Deleting a project or an environment takes everything in it along.
    if (target.kind !== 'project' && deletedProjects.has(target.project)) continue;
    if (target.kind === 'sdkKey' && deletedEnvironments.has(`${target.project}/${target.environment}`))
      continue;
    if (target.policy === 'retain') {
      retained(plan, target, project, options);
      continue;
    }
    switch (target.kind) {
      case 'project':
        plan.add({
          kind: 'project',
          project: target.project,
          resource: target.project,
          action: 'delete',
          reason: `${options.reason}; removes everything in it`,
          run: async ({ client, organization }) => {
            await client.projects.delete(organization, target.project);
          },
        });
        break;
      case 'environment':
        if (!project.environments.some((environment) => environment.key === target.key)) break;
        plan.add({
          kind: 'environment',
          project: target.project,
          resource: target.key,
          action: 'delete',
          reason: `${options.reason}; removes its flag configurations and SDK keys`,
          after: plan.idsWhere((step) => step.kind === 'environment' && step.project === target.project),
          run: async ({ client, organization }) => {
            await client.environments.delete(organization, target.project, target.key);
          },
        });
        break;
      case 'segment': {
        if (!project.segments.some((segment) => segment.key === target.key)) break;
        const segmentId = project.segments.find((segment) => segment.key === target.key)?.id;
        const usedBy = project.flags.filter((flag) => flagUsesSegment(flag, segmentId));
        plan.add({
          kind: 'segment',
          project: target.project,
          resource: target.key,
          action: 'delete',
          reason: options.reason,
          after: [
            ...plan.idsWhere((step) => step.kind === 'configuration' && step.project === target.project),
            ...usedBy.map((flag) => changeId('flag', target.project, flag.key)),
          ],
          run: async ({ client, organization }) => {
            await client.segments.delete(organization, target.project, target.key);
          },
        });
        break;
      }
      case 'flag':
        planFlagRemoval(plan, target, project, { deletedSegments, removedFlags }, options);
        break;
      case 'sdkKey':
        for (const key of target.liveKeys.filter((candidate) => candidate.isActive)) {
          plan.add({
            kind: 'sdkKey',
            project: target.project,
            resource: `${sdkKeyResource(target.environment, target.name)}#${key.lastFourCharacters ?? key.id}`,
            action: 'revoke',
            changes: [{ property: 'isActive', before: true, after: false }],
            reason: options.reason,
            run: async ({ client, organization }) => {
              await client.sdkKeys.revoke(organization, target.project, target.environment, key.id);
            },
          });
        }
        break;
    }
  }
}

function retained(
  plan: PlanBuilder,
  target: RemovalTarget,
  project: LiveProject,
  options: RemovalOptions,
): void {
  const exists =
    target.kind === 'project' ||
    (target.kind === 'environment' &&
      project.environments.some((environment) => environment.key === target.key)) ||
    (target.kind === 'segment' && project.segments.some((segment) => segment.key === target.key)) ||
    (target.kind === 'flag' && project.flags.some((flag) => flag.key === target.key && !flag.isArchived)) ||
    (target.kind === 'sdkKey' && target.liveKeys.some((key) => key.isActive));
  if (!exists) return;
  plan.notice({
    level: 'info',
    project: target.project,
    resource: `${target.kind} ${targetName(target)}`,
    message: `${options.reason}; kept (removal policy retain)`,
  });
}

function planFlagRemoval(
  plan: PlanBuilder,
  target: Extract<RemovalTarget, { kind: 'flag' }>,
  project: LiveProject,
  removal: { deletedSegments: ReadonlySet<string>; removedFlags: ReadonlyMap<string, FlagRemovalPolicy> },
  options: RemovalOptions,
): void {
  const flag = project.flags.find((candidate) => candidate.key === target.key);
  if (!flag) return;
  if (target.policy === 'retain' || (target.policy === 'archive' && flag.isArchived)) return;
  const action = target.policy;
  // Flags that need this one as a prerequisite and are removed too go first (the API refuses otherwise).
  const dependants = project.flags.filter(
    (candidate) =>
      candidate.key !== flag.key &&
      removal.removedFlags.has(`${target.project}/${candidate.key}`) &&
      [...candidate.configurations.values()].some((configuration) =>
        configuration.prerequisites.some((prerequisite) => prerequisite.flag === flag.key),
      ),
  );
  const detachments = target.policy === 'archive' ? referencesToDrop(flag, project, removal) : [];
  plan.add({
    kind: 'flag',
    project: target.project,
    resource: target.key,
    action,
    reason: options.reason,
    changes: detachments.map(({ environment, changes }) => ({
      property: `${configurationResource(flag.key, environment)}`,
      before: changes.map((change) => change.property).join(', '),
      after: 'cleared of references to removed resources',
    })),
    after: [
      ...plan.idsWhere((step) => step.kind === 'configuration' && step.project === target.project),
      ...dependants.map((dependant) => changeId('flag', target.project, dependant.key)),
    ],
    run: async (context) => {
      for (const { environment, configuration, changes } of detachments) {
        const body = configurationBody(
          changes,
          { ...configuration, percentageRollout: undefined, enabled: configuration.enabled },
          configuration.rules,
          { project: target.project, flag: flag.key, ids: context.ids },
        );
        await context.client.flagEnvironments.update(
          context.organization,
          target.project,
          flag.key,
          environment,
          body,
        );
      }
      if (action === 'archive') {
        await context.client.flags.archive(context.organization, target.project, flag.key);
      } else {
        await context.client.flags.delete(context.organization, target.project, flag.key);
      }
    },
  });
}

/** The configurations of a flag about to be archived, without rules on deleted segments or prerequisites on removed flags. */
function referencesToDrop(
  flag: LiveFlag,
  project: LiveProject,
  removal: { deletedSegments: ReadonlySet<string>; removedFlags: ReadonlyMap<string, FlagRemovalPolicy> },
) {
  const detachments: {
    environment: string;
    configuration: KeyedConfiguration & { rules: KeyedConfiguration['rules'] };
    changes: { property: string; before: unknown; after: unknown }[];
  }[] = [];
  for (const [environment, live] of flag.configurations) {
    const keyed = keyedLiveConfiguration(live, flag, project.segments);
    const rules = keyed.rules.filter(
      (rule) => !(rule.segment && removal.deletedSegments.has(`${project.key}/${rule.segment}`)),
    );
    const prerequisites = keyed.prerequisites.filter(
      (prerequisite) => removal.removedFlags.get(`${project.key}/${prerequisite.flag}`) !== 'delete',
    );
    const changes = [
      ...(rules.length !== keyed.rules.length
        ? [{ property: 'rules', before: keyed.rules, after: rules }]
        : []),
      ...(prerequisites.length !== keyed.prerequisites.length
        ? [{ property: 'prerequisites', before: keyed.prerequisites, after: prerequisites }]
        : []),
    ];
    if (changes.length > 0)
      detachments.push({ environment, configuration: { ...keyed, rules, prerequisites }, changes });
  }
  return detachments;
}

function flagUsesSegment(flag: LiveFlag, segmentId: string | undefined): boolean {
  return [...flag.configurations.values()].some((configuration) =>
    configuration.rules.some((rule) => rule.userSegmentId === segmentId),
  );
}
