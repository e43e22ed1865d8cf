/**
 * What a removal acts on: a resource by kind, where it lives, its identity and the removal policy that
 * applies to it. Built here only, whoever asks: `destroy` and an inventory for what a document declares,
 * `apply --prune` for what a project holds undeclared, `resource remove` for the one resource of a spec.
 */
import type { ResourceKind } from '@flagplane/contract';
import type { ResolvedPolicies } from '../desired/resolved-state.js';
import type { LiveProject, LiveSdkKey } from '../live/live-state.js';
import { sdkKeyResource } from './plan.js';
import { claimedSdkKeys } from './plan-sdk-keys.js';

/** How a resource of each kind is named within its project (a project is its own). */
interface Identities {
  readonly project: Record<never, never>;
  readonly environment: { readonly key: string };
  readonly segment: { readonly key: string };
  readonly flag: { readonly key: string };
  readonly sdkKey: {
    readonly environment: string;
    readonly name: string;
    /** The live keys it stands for. @default the keys its name claims: its current key and older rotations */
    readonly liveKeys?: readonly LiveSdkKey[];
  };
}

export type RemovalTarget = {
  readonly [Kind in ResourceKind]: {
    readonly kind: Kind;
    readonly project: string;
    readonly policy: ResolvedPolicies[Kind];
  } & Identities[Kind] &
    (Kind extends 'sdkKey' ? { readonly liveKeys: readonly LiveSdkKey[] } : unknown);
}[ResourceKind];

/** A resource whose removal is asked for: its identity, and its own policy when it has one. */
export type RemovalRequest<Kind extends ResourceKind> = Identities[Kind] & {
  readonly removalPolicy?: ResolvedPolicies[Kind] | undefined;
};

/** The removal of a resource of `project`: by its own policy, else by `policies` (the document's defaults). */
export function removalTarget<Kind extends ResourceKind>(
  kind: Kind,
  project: string,
  resource: RemovalRequest<Kind>,
  policies: ResolvedPolicies,
  live: LiveProject | undefined,
): RemovalTarget {
  const policy = resource.removalPolicy ?? policies[kind];
  return targetOf[kind](project, resource, policy, live);
}

const targetOf: {
  readonly [Kind in ResourceKind]: (
    project: string,
    resource: RemovalRequest<Kind>,
    policy: ResolvedPolicies[Kind],
    live: LiveProject | undefined,
  ) => RemovalTarget;
} = {
  project: (project, _resource, policy) => ({ kind: 'project', project, policy }),
  environment: (project, { key }, policy) => ({ kind: 'environment', project, key, policy }),
  segment: (project, { key }, policy) => ({ kind: 'segment', project, key, policy }),
  flag: (project, { key }, policy) => ({ kind: 'flag', project, key, policy }),
  sdkKey: (project, { environment, name, liveKeys }, policy, live) => ({
    kind: 'sdkKey',
    project,
    environment,
    name,
    liveKeys: liveKeys ?? claimedSdkKeys({ environment, name }, live),
    policy,
  }),
};

/** The resource within its project, as a person names it: `web`, `new-checkout`, `production/web-server`. */
export function targetName(target: RemovalTarget): string {
  switch (target.kind) {
    case 'project':
      return target.project;
    case 'sdkKey':
      return sdkKeyResource(target.environment, target.name);
    default:
      return target.key;
  }
}
