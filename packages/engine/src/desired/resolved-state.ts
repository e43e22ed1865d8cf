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
  type RemovalPolicies,
  type Rule,
  reconciledEnvironmentKeys,
  variationsOf,
} from '@flagplane/contract';
import type {
  LiveConfiguration,
  LiveEnvironment,
  LiveFlag,
  LiveProject,
  LiveSdkKey,
  LiveSegment,
  LiveVariation,
} from '../live/live-state.js';

export type ResolvedPolicies = Required<RemovalPolicies>;

export interface ResolvedState {
  readonly organization: string;
  /**
   * `managedBy.source` of every project and flag the state declares (§20); null writes none and leaves
   * what is there (a mock's seed, a library use without a source).
   */
  readonly source: string | null;
  readonly policies: ResolvedPolicies;
  readonly projects: readonly ResolvedProject[];
}

export interface ResolvedProject extends Pick<LiveProject, 'key' | 'name' | 'description' | 'managedBy'> {
  /** The project and its environments belong to someone else: never created, changed or removed here. */
  readonly managedElsewhere: boolean;
  /** Flags of the project that belong to someone else: prerequisites may name them; never touched. */
  readonly flagsManagedElsewhere: readonly string[];
  readonly removalPolicy: ResolvedPolicies['project'];
  readonly environments: readonly ResolvedEnvironment[];
  readonly segments: readonly ResolvedSegment[];
  readonly flags: readonly ResolvedFlag[];
  readonly sdkKeys: readonly ResolvedSdkKey[];
}

export interface ResolvedEnvironment extends Omit<LiveEnvironment, 'id'> {
  readonly removalPolicy: ResolvedPolicies['environment'];
}

export interface ResolvedSegment extends Omit<LiveSegment, 'id'> {
  readonly removalPolicy: ResolvedPolicies['segment'];
}

export type ResolvedVariation = Omit<LiveVariation, 'id'>;

/** A targeting rule with its variation and segment by key. */
export interface ResolvedRule extends Pick<Rule, 'description' | 'rolloutPercentage'> {
  readonly variation: string;
  readonly segment: string | null;
  readonly conditionGroups: readonly ConditionGroup[];
}

export interface ResolvedConfiguration extends Pick<LiveConfiguration, 'strategy' | 'prerequisites'> {
  readonly enabled: boolean;
  readonly defaultVariation: string;
  /** Variation key → weight; undefined leaves the stored weights alone (the API cannot clear them). */
  readonly percentageRollout: Readonly<Record<string, number>> | undefined;
  readonly rules: readonly ResolvedRule[];
}

export interface ResolvedFlag
  extends Pick<
    LiveFlag,
    'key' | 'type' | 'name' | 'description' | 'tags' | 'clientSideVisible' | 'temporary' | 'managedBy'
  > {
  readonly variations: readonly ResolvedVariation[];
  readonly defaultVariation: string;
  /** One per environment of the project: declared, or the configuration a new flag starts with. */
  readonly configurations: ReadonlyMap<string, ResolvedConfiguration>;
  readonly removalPolicy: ResolvedPolicies['flag'];
}

export interface ResolvedSdkKey extends Pick<LiveSdkKey, 'name' | 'environment' | 'type' | 'description'> {
  /** Absolute path, or undefined when the plaintext is not kept. */
  readonly plaintextFile: string | undefined;
  readonly rotation: number;
  readonly removalPolicy: ResolvedPolicies['sdkKey'];
}

/**
 * `baseDirectory` anchors relative plaintext files (the desired-state file's folder); `defaultSource` is
 * the `managedBy.source` when the document names none (`file:<path>` for `flagplane -f`).
 */
export function resolveDesiredState(
  state: DesiredState,
  baseDirectory: string,
  defaultSource: string | null = null,
): ResolvedState {
  const policies: ResolvedPolicies = { ...defaultRemovalPolicies, ...state.removalPolicies };
  const source = state.source ?? defaultSource;
  return {
    organization: state.organization,
    source,
    policies,
    projects: state.projects.map((project) => resolveProject(project, policies, baseDirectory, source)),
  };
}

export function resolveProject(
  project: DesiredProject,
  policies: ResolvedPolicies,
  baseDirectory: string,
  source: string | null,
): ResolvedProject {
  const environments = project.environments.map((environment, index) =>
    resolveEnvironment(environment, index, policies),
  );
  const environmentKeys = reconciledEnvironmentKeys(environments);
  return {
    key: project.key,
    managedElsewhere: project.managedElsewhere ?? false,
    flagsManagedElsewhere: project.flagsManagedElsewhere ?? [],
    name: project.name ?? project.key,
    description: emptyIsNull(project.description),
    // A project managed elsewhere is someone else's: never claimed, whatever this source says.
    managedBy: source === null || project.managedElsewhere ? null : { source, environments: [] },
    removalPolicy: project.removalPolicy ?? policies.project,
    environments,
    segments: (project.segments ?? []).map((segment) => resolveSegment(segment, policies)),
    flags: (project.flags ?? []).map((flag) => resolveFlag(flag, environmentKeys, policies, source)),
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

/**
 * `environmentKeys`: the environments whose configuration of the flag this source reconciles, in the
 * project's order (`reconciledEnvironmentKeys`): one configuration each, declared or the default (disabled),
 * and exactly the list its `managedBy.environments` names (§20).
 */
export function resolveFlag(
  flag: DesiredFlag,
  environmentKeys: readonly string[],
  policies: ResolvedPolicies,
  source: string | null,
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
    temporary: flag.temporary ?? false,
    // Every environment reconciled, not only those the flag configures: the others are disabled by the
    // next apply too, so a change made there by hand would be reverted as well (§20).
    managedBy: source === null ? null : { source, environments: [...environmentKeys] },
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
