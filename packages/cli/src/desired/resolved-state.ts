/**
 * A validated desired state with every default applied: what the live state must look like, property by
 * property, still with references by key. The diff compares this with the live state read by key, so a
 * property left out of the file means "the default", never "whatever is there".
 */
import path from 'node:path';
import {
  type ConditionGroup,
  type DesiredEnvironment,
  type DesiredFlag,
  type DesiredProject,
  type DesiredSdkKey,
  type DesiredSegment,
  type DesiredState,
  defaultEnvironmentColor,
  defaultRemovalPolicies,
  defaultVariationOf,
  type EnvironmentRemovalPolicy,
  type FlagRemovalPolicy,
  type FlagType,
  type ProjectRemovalPolicy,
  type RemovalPolicies,
  type SdkKeyRemovalPolicy,
  type SdkKeyType,
  type SegmentRemovalPolicy,
  type Strategy,
  variationsOf,
} from '@flagplane/contract';

export type ResolvedPolicies = Required<RemovalPolicies>;

export interface ResolvedState {
  readonly organization: string;
  readonly policies: ResolvedPolicies;
  readonly projects: readonly ResolvedProject[];
}

export interface ResolvedProject {
  readonly key: string;
  /** The project and its environments belong to someone else: never created, changed or removed here. */
  readonly managedElsewhere: boolean;
  /** Flags of the project that belong to someone else: prerequisites may name them; never touched. */
  readonly flagsManagedElsewhere: readonly string[];
  readonly name: string;
  readonly description: string | null;
  readonly removalPolicy: ProjectRemovalPolicy;
  readonly environments: readonly ResolvedEnvironment[];
  readonly segments: readonly ResolvedSegment[];
  readonly flags: readonly ResolvedFlag[];
  readonly sdkKeys: readonly ResolvedSdkKey[];
}

export interface ResolvedEnvironment {
  readonly key: string;
  readonly name: string;
  readonly color: string;
  readonly sortOrder: number;
  readonly removalPolicy: EnvironmentRemovalPolicy;
}

export interface ResolvedSegment {
  readonly key: string;
  readonly name: string;
  readonly description: string | null;
  readonly included: readonly string[];
  readonly excluded: readonly string[];
  readonly conditionGroups: readonly ConditionGroup[];
  readonly removalPolicy: SegmentRemovalPolicy;
}

export interface ResolvedVariation {
  readonly key: string;
  readonly name: string;
  readonly value: string;
  readonly description: string | null;
}

export interface ResolvedRule {
  readonly description: string | null;
  readonly variation: string;
  readonly rolloutPercentage: number | null;
  readonly segment: string | null;
  readonly conditionGroups: readonly ConditionGroup[];
}

export interface ResolvedConfiguration {
  readonly enabled: boolean;
  readonly defaultVariation: string;
  readonly strategy: Strategy;
  /** Variation key → weight; undefined leaves the stored weights alone (the API cannot clear them). */
  readonly percentageRollout: Readonly<Record<string, number>> | undefined;
  readonly prerequisites: readonly { readonly flag: string; readonly variation: string }[];
  readonly rules: readonly ResolvedRule[];
}

export interface ResolvedFlag {
  readonly key: string;
  readonly type: FlagType;
  readonly name: string;
  readonly description: string | null;
  readonly tags: readonly string[];
  readonly clientSideVisible: boolean;
  readonly variations: readonly ResolvedVariation[];
  readonly defaultVariation: string;
  /** One per environment of the project: declared, or the configuration a new flag starts with. */
  readonly configurations: ReadonlyMap<string, ResolvedConfiguration>;
  readonly removalPolicy: FlagRemovalPolicy;
}

export interface ResolvedSdkKey {
  readonly name: string;
  readonly environment: string;
  readonly type: SdkKeyType;
  readonly description: string | null;
  /** Absolute path, or undefined when the plaintext is not kept. */
  readonly plaintextFile: string | undefined;
  readonly rotation: number;
  readonly removalPolicy: SdkKeyRemovalPolicy;
}

/** `baseDirectory` anchors relative plaintext files (the desired-state file's folder). */
export function resolveDesiredState(state: DesiredState, baseDirectory: string): ResolvedState {
  const policies: ResolvedPolicies = { ...defaultRemovalPolicies, ...state.removalPolicies };
  return {
    organization: state.organization,
    policies,
    projects: state.projects.map((project) => resolveProject(project, policies, baseDirectory)),
  };
}

export function resolveProject(
  project: DesiredProject,
  policies: ResolvedPolicies,
  baseDirectory: string,
): ResolvedProject {
  const environments = project.environments.map((environment, index) =>
    resolveEnvironment(environment, index, policies),
  );
  const environmentKeys = environments.map((environment) => environment.key);
  return {
    key: project.key,
    managedElsewhere: project.managedElsewhere ?? false,
    flagsManagedElsewhere: project.flagsManagedElsewhere ?? [],
    name: project.name ?? project.key,
    description: emptyIsNull(project.description),
    removalPolicy: project.removalPolicy ?? policies.project,
    environments,
    segments: (project.segments ?? []).map((segment) => resolveSegment(segment, policies)),
    flags: (project.flags ?? []).map((flag) => resolveFlag(flag, environmentKeys, policies)),
    sdkKeys: (project.sdkKeys ?? []).map((sdkKey) => resolveSdkKey(sdkKey, policies, baseDirectory)),
  };
}

/** `position` is the environment's place in its project's list: the default sortOrder. */
export function resolveEnvironment(
  environment: DesiredEnvironment,
  position: number,
  policies: ResolvedPolicies,
): ResolvedEnvironment {
  return {
    key: environment.key,
    name: environment.name ?? environment.key,
    color: environment.color ?? defaultEnvironmentColor,
    sortOrder: environment.sortOrder ?? position,
    removalPolicy: environment.removalPolicy ?? policies.environment,
  };
}

export function resolveSegment(segment: DesiredSegment, policies: ResolvedPolicies): ResolvedSegment {
  return {
    key: segment.key,
    name: segment.name ?? segment.key,
    description: emptyIsNull(segment.description),
    included: segment.included ?? [],
    excluded: segment.excluded ?? [],
    conditionGroups: segment.conditionGroups ?? [],
    removalPolicy: segment.removalPolicy ?? policies.segment,
  };
}

export function resolveFlag(
  flag: DesiredFlag,
  environmentKeys: readonly string[],
  policies: ResolvedPolicies,
): ResolvedFlag {
  const defaultVariation = defaultVariationOf(flag) ?? '';
  const configurations = new Map<string, ResolvedConfiguration>();
  for (const environmentKey of environmentKeys) {
    const declared = flag.environments?.[environmentKey];
    configurations.set(environmentKey, {
      enabled: declared?.enabled ?? false,
      defaultVariation: declared?.defaultVariation ?? defaultVariation,
      strategy: declared?.strategy ?? 'SingleVariation',
      percentageRollout: declared?.percentageRollout,
      prerequisites: declared?.prerequisites ?? [],
      rules: (declared?.rules ?? []).map((rule) => ({
        description: emptyIsNull(rule.description),
        variation: rule.variation,
        rolloutPercentage: rule.rolloutPercentage ?? null,
        segment: rule.segment ?? null,
        conditionGroups: rule.conditionGroups ?? [],
      })),
    });
  }
  return {
    key: flag.key,
    type: flag.type,
    name: flag.name ?? flag.key,
    description: emptyIsNull(flag.description),
    tags: flag.tags ?? [],
    clientSideVisible: flag.clientSideVisible ?? false,
    variations: variationsOf(flag).map((variation) => ({
      key: variation.key,
      name: variation.name ?? variation.key,
      value: variation.value,
      description: emptyIsNull(variation.description),
    })),
    defaultVariation,
    configurations,
    removalPolicy: flag.removalPolicy ?? policies.flag,
  };
}

export function resolveSdkKey(
  sdkKey: DesiredSdkKey,
  policies: ResolvedPolicies,
  baseDirectory: string,
): ResolvedSdkKey {
  return {
    name: sdkKey.name,
    environment: sdkKey.environment,
    type: sdkKey.type,
    description: emptyIsNull(sdkKey.description),
    plaintextFile:
      sdkKey.plaintextFile === undefined ? undefined : path.resolve(baseDirectory, sdkKey.plaintextFile),
    rotation: sdkKey.rotation ?? 0,
    removalPolicy: sdkKey.removalPolicy ?? policies.sdkKey,
  };
}

/** The API stores `""` as no description (§2). */
function emptyIsNull(text: string | undefined): string | null {
  return text ? text : null;
}
