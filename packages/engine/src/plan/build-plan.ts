/**
 * The plans of the commands: `apply` (make every declared resource match; with `prune`, remove what a
 * declared project holds beyond the declaration), `destroy` (remove everything declared) and an
 * inventory's removals (what an earlier desired state declared and the current one no longer does).
 */
import type { ResourceKind } from '@flagplane/contract';
import type { ResolvedPolicies, ResolvedProject, ResolvedState } from '../desired/resolved-state.js';
import type { LiveProject, LiveState } from '../live/live-state.js';
import type { Plan } from './plan.js';
import { PlanBuilder } from './plan-builder.js';
import { planEnvironment, planProject, planSegment } from './plan-containers.js';
import { planFlag, planVariationDeletions } from './plan-flag.js';
import { planRemovals } from './plan-removals.js';
import { claimedSdkKeys, planSdkKey } from './plan-sdk-keys.js';
import { type RemovalRequest, type RemovalTarget, removalTarget, targetName } from './removal-targets.js';

export interface ApplyPlanOptions {
  readonly prune: boolean;
  /** Projects of the organization that the document does not declare (reported, never touched). */
  readonly undeclaredProjects?: readonly string[];
}

/** How many undeclared projects the plan names before it only counts them. */
const undeclaredProjectsShown = 5;

export function buildApplyPlan(desired: ResolvedState, live: LiveState, options: ApplyPlanOptions): Plan {
  const plan = new PlanBuilder(desired.organization);
  for (const project of desired.projects) {
    const liveProject = live.projects.get(project.key);
    for (const missing of missingManagedElsewhere(project, liveProject)) plan.conflict(missing);
    planDeclaredProject(plan, project, liveProject);
  }
  const undeclared = desired.projects.flatMap((project) => {
    const liveProject = live.projects.get(project.key);
    return liveProject ? undeclaredTargets(project, liveProject, desired.policies) : [];
  });
  if (options.prune) {
    planRemovals(plan, undeclared, live.projects, { reason: 'not declared (--prune)' });
  } else {
    for (const target of undeclared) {
      plan.notice({
        level: 'info',
        project: target.project,
        resource: `${target.kind} ${targetName(target)}`,
        message:
          target.policy === 'retain'
            ? 'not declared; kept even by `apply --prune` (removal policy retain)'
            : `not declared; \`apply --prune\` would ${target.policy} it`,
      });
    }
  }
  const others = options.undeclaredProjects ?? [];
  if (others.length > 0) {
    // One line, however many: in an organization of many teams, every plan would otherwise list them all.
    const shown = others.slice(0, undeclaredProjectsShown).join(', ');
    const more =
      others.length > undeclaredProjectsShown ? ` and ${others.length - undeclaredProjectsShown} more` : '';
    plan.notice({
      level: 'info',
      resource: `${others.length === 1 ? '1 other project' : `${others.length} other projects`} of ${desired.organization}`,
      message: `not in this file, never changed by it: ${shown}${more}`,
    });
  }
  return plan.build();
}

function planDeclaredProject(
  plan: PlanBuilder,
  project: ResolvedProject,
  live: LiveProject | undefined,
): void {
  if (project.managedElsewhere) {
    // Nothing to create in a project that is not there; the conflict says why apply will not start.
    if (!live) return;
  } else {
    planProject(plan, project, live);
    for (const environment of project.environments) planEnvironment(plan, project.key, environment, live);
  }
  for (const segment of project.segments) planSegment(plan, project.key, segment, live);
  for (const flag of project.flags) planFlag(plan, project.key, flag, live);
  for (const flag of project.flags) planVariationDeletions(plan, project.key, flag, live);
  for (const sdkKey of project.sdkKeys) planSdkKey(plan, project.key, sdkKey, live);
}

/** What the document relies on someone else to have made, and is not there: no write of ours can fix it. */
function missingManagedElsewhere(project: ResolvedProject, live: LiveProject | undefined): string[] {
  const where = `project ${project.key}`;
  if (project.managedElsewhere && !live) {
    return [`${where} is managed elsewhere and does not exist; create it there first`];
  }
  if (!live) return [];
  const missing: string[] = [];
  if (project.managedElsewhere) {
    for (const environment of project.environments) {
      if (!live.environments.some((candidate) => candidate.key === environment.key)) {
        missing.push(`environment ${project.key}/${environment.key} is managed elsewhere and does not exist`);
      }
    }
  }
  for (const flag of project.flagsManagedElsewhere) {
    if (!live.flags.some((candidate) => candidate.key === flag)) {
      missing.push(`flag ${project.key}/${flag} is managed elsewhere and does not exist`);
    }
  }
  return missing;
}

/**
 * What a declared project holds live beyond its declaration, with the document's default policies. In a
 * project managed elsewhere that is the owner's business: nothing. Flags managed elsewhere are declared.
 */
function undeclaredTargets(
  project: ResolvedProject,
  live: LiveProject,
  policies: ResolvedPolicies,
): RemovalTarget[] {
  if (project.managedElsewhere) return [];
  const declared = <T extends { key: string }>(list: readonly T[], key: string) =>
    list.some((entry) => entry.key === key);
  const claimed = new Set(
    project.sdkKeys.flatMap((sdkKey) => claimedSdkKeys(sdkKey, live).map((key) => key.id)),
  );
  const target = <Kind extends 'environment' | 'flag' | 'segment'>(kind: Kind, key: string) =>
    removalTarget(kind, project.key, { key }, policies, live);
  return [
    ...live.environments
      .filter((environment) => !declared(project.environments, environment.key))
      .map((environment) => target('environment', environment.key)),
    ...live.flags
      .filter(
        (flag) => !declared(project.flags, flag.key) && !project.flagsManagedElsewhere.includes(flag.key),
      )
      // An archived flag is already removed by the default policy; only `delete` still has work to do.
      .filter((flag) => !flag.isArchived || policies.flag === 'delete')
      .map((flag) => target('flag', flag.key)),
    ...live.segments
      .filter((segment) => !declared(project.segments, segment.key))
      .map((segment) => target('segment', segment.key)),
    ...live.sdkKeys
      .filter((key) => key.isActive && !claimed.has(key.id))
      .map((key) =>
        removalTarget(
          'sdkKey',
          project.key,
          { environment: key.environment, name: key.name, liveKeys: [key] },
          policies,
          live,
        ),
      ),
  ];
}

/** Everything the document declares, with its policy: what `destroy` removes. */
function declaredTargets(desired: ResolvedState, live: LiveState): RemovalTarget[] {
  return desired.projects.flatMap((project): RemovalTarget[] => {
    const target = <Kind extends ResourceKind>(kind: Kind, resource: RemovalRequest<Kind>) =>
      removalTarget(kind, project.key, resource, desired.policies, live.projects.get(project.key));
    return [
      ...project.flags.map((flag) => target('flag', flag)),
      ...project.segments.map((segment) => target('segment', segment)),
      ...project.sdkKeys.map((sdkKey) => target('sdkKey', sdkKey)),
      // A project managed elsewhere, and its environments, are the owner's to remove.
      ...(project.managedElsewhere
        ? []
        : [
            ...project.environments.map((environment) => target('environment', environment)),
            target('project', project),
          ]),
    ];
  });
}

export function buildDestroyPlan(desired: ResolvedState, live: LiveState): Plan {
  const plan = new PlanBuilder(desired.organization);
  planRemovals(plan, declaredTargets(desired, live), live.projects, { reason: 'destroy' });
  return plan.build();
}

/** What `previous` declared and `current` no longer does, removed by the policies `previous` gave it. */
export function buildInventoryRemovalPlan(
  previous: ResolvedState,
  current: ResolvedState,
  live: LiveState,
): Plan {
  const currentIdentities = new Set(declaredTargets(current, live).map(targetIdentity));
  const gone = declaredTargets(previous, live).filter(
    (target) => !currentIdentities.has(targetIdentity(target)),
  );
  const plan = new PlanBuilder(previous.organization);
  planRemovals(plan, gone, live.projects, { reason: 'no longer in the inventory' });
  return plan.build();
}

function targetIdentity(target: RemovalTarget): string {
  return `${target.kind} ${target.project}/${targetName(target)}`;
}
