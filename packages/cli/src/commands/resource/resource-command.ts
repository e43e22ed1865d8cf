/**
 * `flagplane resource ensure|configure|remove --kind <kind>`: one resource at a time, for the CDKTF
 * constructs' provisioners. `ensure` makes it exist (create, or restore an archived flag) and changes
 * nothing else; `configure` makes it match its spec entirely; `remove` applies its removal policy. Only
 * what the resource needs is read, so many provisioners can run side by side within the rate limit.
 */
import {
  defaultRemovalPolicies,
  formatProblem,
  ResourceKind,
  type ResourceRemovalSpecOf,
  type ResourceSpecOf,
  type ResourceSpecValidation,
  validateResourceRemovalSpec,
  validateResourceSpec,
} from '@flagplane/contract';
import {
  DesiredStateError,
  type LiveProject,
  type LiveState,
  PlanBuilder,
  type ProjectReadScope,
  planEnvironment,
  planFlag,
  planProject,
  planRemovals,
  planSdkKey,
  planSegment,
  planVariationDeletions,
  type RemovalRequest,
  type ResolvedPolicies,
  readLiveProject,
  removalTarget,
  resolveEnvironment,
  resolveFlag,
  resolveProject,
  resolveSdkKey,
  resolveSegment,
} from '@flagplane/engine';
import { openApiSession } from '../shared/api-session.js';
import { type GlobalOptions, UsageError } from '../shared/global-options.js';
import { runPlan } from '../shared/run-plan.js';
import { parseSpecJson, readSpecText } from './spec-input.js';

export type ResourceAction = 'ensure' | 'configure' | 'remove';

export interface ResourceCommandOptions extends GlobalOptions {
  readonly kind: string;
  readonly specVariable: string;
}

/** A validated spec with its kind, which tells which spec it is (one member per kind of `Kind`). */
type ResourceChange<Kind extends ResourceKind = ResourceKind> = {
  [K in Kind]: { readonly kind: K; readonly spec: ResourceSpecOf<K> };
}[Kind];
/** What `remove` takes: the identity and the removal policy (a whole spec is one too). */
type ResourceRemoval<Kind extends ResourceKind = ResourceKind> = {
  [K in Kind]: { readonly kind: K; readonly spec: ResourceRemovalSpecOf<K> };
}[Kind];

/** Where the resource lives, as read, and whether `ensure` asks for its existence only. */
interface Placement {
  readonly project: string;
  readonly live: LiveProject | undefined;
  readonly policies: ResolvedPolicies;
  readonly existenceOnly: boolean;
}

interface KindCommands<Kind extends ResourceKind> {
  /** The resource's own entry in its spec: its identity and removal policy. */
  readonly entry: (spec: ResourceRemovalSpecOf<Kind>) => RemovalRequest<Kind>;
  /** What of its project is read besides the project, its environments and segments. */
  readonly scope: (spec: ResourceRemovalSpecOf<Kind>) => ProjectReadScope;
  /** `ensure` (existence only) or `configure`. */
  readonly plan: (plan: PlanBuilder, spec: ResourceSpecOf<Kind>, where: Placement) => void;
}

const noFlagsNorKeys: ProjectReadScope = { flags: [], sdkKeyEnvironments: [] };

const kindCommands: { readonly [Kind in ResourceKind]: KindCommands<Kind> } = {
  project: {
    entry: (spec) => spec.project,
    scope: () => noFlagsNorKeys,
    plan(plan, { project: declared, source }, { live, policies, existenceOnly }) {
      if (existenceOnly && live) return;
      const resolved = resolveProject(
        { ...declared, environments: declared.environments ?? [] },
        policies,
        process.cwd(),
        source ?? null,
      );
      planProject(
        plan,
        { ...resolved, environments: declared.environments ? resolved.environments : undefined },
        live,
      );
    },
  },
  environment: {
    entry: (spec) => spec.environment,
    scope: () => noFlagsNorKeys,
    plan(plan, { environment: declared }, { project, live, policies, existenceOnly }) {
      const current = live?.environments.find((environment) => environment.key === declared.key);
      if (existenceOnly && current) return;
      // Alone, an environment has no position: an undeclared sortOrder keeps the live one (or the API's).
      const next =
        Math.max(-1, ...(live?.environments ?? []).map((environment) => environment.sortOrder)) + 1;
      planEnvironment(
        plan,
        project,
        resolveEnvironment(declared, current?.sortOrder ?? next, policies),
        live,
      );
    },
  },
  segment: {
    entry: (spec) => spec.segment,
    scope: () => noFlagsNorKeys,
    plan(plan, { segment: declared }, { project, live, policies, existenceOnly }) {
      if (existenceOnly && live?.segments.some((segment) => segment.key === declared.key)) return;
      planSegment(plan, project, resolveSegment(declared, policies), live);
    },
  },
  flag: {
    entry: (spec) => spec.flag,
    scope: (spec) => ({ flags: [spec.flag.key], sdkKeyEnvironments: [] }),
    plan(plan, { flag: declared, source, projectEnvironments }, { project, live, policies, existenceOnly }) {
      const liveKeys = (live?.environments ?? []).map((environment) => environment.key);
      // What this flag's configuration is reconciled in (§20): the stack's environments of the project,
      // or (a spec from before they were listed) every live one.
      const reconciled = projectEnvironments ?? liveKeys;
      const unknown = [...reconciled, ...Object.keys(declared.environments ?? {})].filter(
        (key, index, keys) => !liveKeys.includes(key) && keys.indexOf(key) === index,
      );
      // `ensure` may run before the stack's new environments exist: the flag is claimed for those there
      // are, and `configure` (which waits for the environments) claims the rest.
      if (unknown.length > 0 && !existenceOnly) {
        throw new UsageError(
          `project "${project}" has no environment ${unknown.map((key) => `"${key}"`).join(', ')}`,
        );
      }
      const environmentKeys = reconciled.filter((key) => liveKeys.includes(key));
      const resolved = resolveFlag(declared, environmentKeys, policies, source ?? null);
      // `ensure` also restores an archived flag.
      planFlag(plan, project, resolved, live, { existenceOnly });
      if (!existenceOnly) planVariationDeletions(plan, project, resolved, live);
    },
  },
  sdkKey: {
    entry: (spec) => spec.sdkKey,
    scope: (spec) => ({ flags: [], sdkKeyEnvironments: [spec.sdkKey.environment] }),
    plan(plan, { sdkKey: declared }, { project, live, policies }) {
      planSdkKey(plan, project, resolveSdkKey(declared, policies, process.cwd()), live);
    },
  },
};

export async function resourceCommand(
  action: ResourceAction,
  options: ResourceCommandOptions,
): Promise<number> {
  const kind = ResourceKind.options.find(
    (candidate) => candidate.toLowerCase() === options.kind.replace(/-/g, '').toLowerCase(),
  );
  if (!kind) {
    throw new UsageError(`--kind must be one of ${ResourceKind.options.join(', ')}; got "${options.kind}"`);
  }
  const origin = options.specVariable;
  const input = parseSpecJson(await readSpecText(options.specVariable), origin);
  const validation = specValidation(kind, input, origin);
  const change = action === 'remove' ? undefined : validation.change();
  // Removal needs only the identity and the policy: a destroy provisioner hands no more.
  const resource: ResourceRemoval = change ?? validation.removal();
  const { spec } = resource;
  const policies: ResolvedPolicies = { ...defaultRemovalPolicies, ...spec.removalPolicies };
  const projectKey = typeof spec.project === 'string' ? spec.project : spec.project.key;

  const session = openApiSession(options);
  const reader = { client: session.client, organization: spec.organization, limit: session.limit };
  const project = await readLiveProject(reader, projectKey, scopeOf(resource));
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
  const where = { project: projectKey, live: project, policies, existenceOnly: action === 'ensure' };
  if (change) planChange(plan, change, where);
  else {
    planRemovals(plan, [targetOf(resource, where)], live.projects, { reason: 'removed from the stack' });
  }
  return runPlan(plan.build(), live, session, {
    ...options,
    heading: `${action} ${kind} in ${spec.organization}/${projectKey}`,
    yes: true,
  });
}

/** The spec as `ensure` and `configure` take it, or as `remove` does: validated, with its kind. */
function specValidation<Kind extends ResourceKind>(kind: Kind, input: unknown, origin: string) {
  return {
    change: (): ResourceChange<Kind> => ({ kind, spec: valid(origin, validateResourceSpec(kind, input)) }),
    removal: (): ResourceRemoval<Kind> => ({
      kind,
      spec: valid(origin, validateResourceRemovalSpec(kind, input)),
    }),
  };
}

function valid<Spec>(origin: string, validation: ResourceSpecValidation<Spec>): Spec {
  if (validation.problems) throw new DesiredStateError(origin, validation.problems.map(formatProblem));
  return validation.spec;
}

function scopeOf<Kind extends ResourceKind>({ kind, spec }: ResourceRemoval<Kind>): ProjectReadScope {
  return kindCommands[kind].scope(spec);
}

function targetOf<Kind extends ResourceKind>({ kind, spec }: ResourceRemoval<Kind>, where: Placement) {
  return removalTarget(kind, where.project, kindCommands[kind].entry(spec), where.policies, where.live);
}

function planChange<Kind extends ResourceKind>(
  plan: PlanBuilder,
  { kind, spec }: ResourceChange<Kind>,
  where: Placement,
): void {
  kindCommands[kind].plan(plan, spec, where);
}
