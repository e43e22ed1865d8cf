/**
 * `flagplane resource ensure|configure|remove --kind <kind>`: one resource at a time, for the CDKTF
 * constructs' provisioners. `ensure` makes it exist (create, or restore an archived flag) and changes
 * nothing else; `configure` makes it match its spec entirely; `remove` applies its removal policy. Only
 * what the resource needs is read, so many provisioners can run side by side within the rate limit.
 */
import {
  defaultRemovalPolicies,
  formatProblem,
  type ResourceKind,
  type ResourceRemovalSpecOf,
  type ResourceSpecOf,
  validateResourceRemovalSpec,
  validateResourceSpec,
} from '@flagplane/contract';
import { DesiredStateError } from '../desired/desired-state-error.js';
import {
  type ResolvedPolicies,
  resolveEnvironment,
  resolveFlag,
  resolveProject,
  resolveSdkKey,
  resolveSegment,
} from '../desired/resolved-state.js';
import { PlanBuilder } from '../engine/plan-builder.js';
import { planEnvironment, planProject, planSegment } from '../engine/plan-containers.js';
import { planFlag, planVariationDeletions } from '../engine/plan-flag.js';
import { planRemovals } from '../engine/plan-removals.js';
import { claimedSdkKeys, planSdkKey } from '../engine/plan-sdk-keys.js';
import type { LiveProject, LiveState } from '../live/live-state.js';
import { readLiveProject } from '../live/read-live-state.js';
import { openApiSession } from './api-session.js';
import { type GlobalOptions, UsageError } from './global-options.js';
import { runPlan } from './run-plan.js';
import { parseSpecJson, readSpecText } from './spec-input.js';

export type ResourceAction = 'ensure' | 'configure' | 'remove';

export interface ResourceCommandOptions extends GlobalOptions {
  readonly kind: string;
  readonly specVariable: string;
}

const kinds: readonly ResourceKind[] = ['project', 'environment', 'segment', 'flag', 'sdkKey'];

export async function resourceCommand(
  action: ResourceAction,
  options: ResourceCommandOptions,
): Promise<number> {
  const kind = kinds.find(
    (candidate) => candidate.toLowerCase() === options.kind.replace(/-/g, '').toLowerCase(),
  );
  if (!kind) throw new UsageError(`--kind must be one of ${kinds.join(', ')}; got "${options.kind}"`);
  const origin = options.specVariable;
  const input = parseSpecJson(await readSpecText(options.specVariable), origin);
  // Removal needs only the identity and the policy: a destroy provisioner hands no more.
  const validation =
    action === 'remove' ? validateResourceRemovalSpec(kind, input) : validateResourceSpec(kind, input);
  if (validation.problems) throw new DesiredStateError(origin, validation.problems.map(formatProblem));
  const spec = validation.spec as ResourceSpecOf<ResourceKind> | ResourceRemovalSpecOf<ResourceKind>;
  const policies: ResolvedPolicies = { ...defaultRemovalPolicies, ...spec.removalPolicies };
  const projectKey =
    'project' in spec && typeof spec.project === 'string'
      ? spec.project
      : (spec as ResourceSpecOf<'project'>).project.key;

  const session = openApiSession(options);
  const reader = { client: session.client, organization: spec.organization, limit: session.limit };
  const flagKey = kind === 'flag' ? (spec as ResourceSpecOf<'flag'>).flag.key : undefined;
  const sdkKeyEnvironment =
    kind === 'sdkKey' ? (spec as ResourceSpecOf<'sdkKey'>).sdkKey.environment : undefined;
  const project = await readLiveProject(reader, projectKey, {
    flags: flagKey ? [flagKey] : [],
    sdkKeyEnvironments: sdkKeyEnvironment ? [sdkKeyEnvironment] : [],
  });
  if (!project && kind !== 'project' && action !== 'remove') {
    throw new UsageError(
      `project "${projectKey}" does not exist in ${spec.organization}; ensure the project first`,
    );
  }
  const live: LiveState = {
    organization: spec.organization,
    projects: new Map(project ? [[projectKey, project]] : []),
  };
  const plan = new PlanBuilder(spec.organization);
  if (action === 'remove') {
    planRemoval(plan, kind, spec as ResourceRemovalSpecOf<ResourceKind>, projectKey, project, policies, live);
  } else {
    planResource(plan, action, kind, spec as ResourceSpecOf<ResourceKind>, projectKey, project, policies);
  }
  return runPlan(plan.build(), live, session, {
    ...options,
    heading: `${action} ${kind} in ${spec.organization}/${projectKey}`,
    yes: true,
  });
}

function planResource(
  plan: PlanBuilder,
  action: Exclude<ResourceAction, 'remove'>,
  kind: ResourceKind,
  spec: ResourceSpecOf<ResourceKind>,
  projectKey: string,
  live: LiveProject | undefined,
  policies: ResolvedPolicies,
): void {
  const onlyIfMissing = action === 'ensure';
  switch (kind) {
    case 'project': {
      const declared = (spec as ResourceSpecOf<'project'>).project;
      if (onlyIfMissing && live) return;
      const resolved = resolveProject(
        { ...declared, environments: declared.environments ?? [] },
        policies,
        process.cwd(),
      );
      planProject(
        plan,
        { ...resolved, environments: declared.environments ? resolved.environments : undefined },
        live,
      );
      return;
    }
    case 'environment': {
      const declared = (spec as ResourceSpecOf<'environment'>).environment;
      if (onlyIfMissing && live?.environments.some((environment) => environment.key === declared.key)) return;
      // Alone, an environment has no position: an undeclared sortOrder keeps the live one (or the API's).
      const current = live?.environments.find((environment) => environment.key === declared.key);
      const next =
        Math.max(-1, ...(live?.environments ?? []).map((environment) => environment.sortOrder)) + 1;
      planEnvironment(
        plan,
        projectKey,
        resolveEnvironment(declared, current?.sortOrder ?? next, policies),
        live,
      );
      return;
    }
    case 'segment': {
      const declared = (spec as ResourceSpecOf<'segment'>).segment;
      if (onlyIfMissing && live?.segments.some((segment) => segment.key === declared.key)) return;
      planSegment(plan, projectKey, resolveSegment(declared, policies), live);
      return;
    }
    case 'flag': {
      const declared = (spec as ResourceSpecOf<'flag'>).flag;
      const environmentKeys = (live?.environments ?? []).map((environment) => environment.key);
      const unknown = Object.keys(declared.environments ?? {}).filter(
        (key) => !environmentKeys.includes(key),
      );
      if (unknown.length > 0) {
        throw new UsageError(
          `project "${projectKey}" has no environment ${unknown.map((key) => `"${key}"`).join(', ')}`,
        );
      }
      const resolved = resolveFlag(declared, environmentKeys, policies);
      planFlag(plan, projectKey, resolved, live, { existenceOnly: onlyIfMissing });
      if (!onlyIfMissing) planVariationDeletions(plan, projectKey, resolved, live);
      return;
    }
    case 'sdkKey':
      planSdkKey(
        plan,
        projectKey,
        resolveSdkKey((spec as ResourceSpecOf<'sdkKey'>).sdkKey, policies, process.cwd()),
        live,
      );
      return;
  }
}

function planRemoval(
  plan: PlanBuilder,
  kind: ResourceKind,
  spec: ResourceRemovalSpecOf<ResourceKind>,
  projectKey: string,
  live: LiveProject | undefined,
  policies: ResolvedPolicies,
  state: LiveState,
): void {
  const options = { reason: 'removed from the stack' };
  switch (kind) {
    case 'project': {
      const declared = (spec as ResourceRemovalSpecOf<'project'>).project;
      planRemovals(
        plan,
        [{ kind, project: projectKey, policy: declared.removalPolicy ?? policies.project }],
        state.projects,
        options,
      );
      return;
    }
    case 'environment': {
      const declared = (spec as ResourceRemovalSpecOf<'environment'>).environment;
      planRemovals(
        plan,
        [
          {
            kind,
            project: projectKey,
            key: declared.key,
            policy: declared.removalPolicy ?? policies.environment,
          },
        ],
        state.projects,
        options,
      );
      return;
    }
    case 'segment': {
      const declared = (spec as ResourceRemovalSpecOf<'segment'>).segment;
      planRemovals(
        plan,
        [
          {
            kind,
            project: projectKey,
            key: declared.key,
            policy: declared.removalPolicy ?? policies.segment,
          },
        ],
        state.projects,
        options,
      );
      return;
    }
    case 'flag': {
      const declared = (spec as ResourceRemovalSpecOf<'flag'>).flag;
      planRemovals(
        plan,
        [{ kind, project: projectKey, key: declared.key, policy: declared.removalPolicy ?? policies.flag }],
        state.projects,
        options,
      );
      return;
    }
    case 'sdkKey': {
      const declared = (spec as ResourceRemovalSpecOf<'sdkKey'>).sdkKey;
      planRemovals(
        plan,
        [
          {
            kind,
            project: projectKey,
            environment: declared.environment,
            name: declared.name,
            liveKeys: claimedSdkKeys(declared, live),
            policy: declared.removalPolicy ?? policies.sdkKey,
          },
        ],
        state.projects,
        options,
      );
      return;
    }
  }
}
