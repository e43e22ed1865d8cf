/**
 * The stack's declarations as one desired-state document (the contract's format, references by key),
 * with where each entry came from: the construct behind every path, so a problem the contract's
 * validator reports at `projects[0].flags[3].environments.production.rules[1].variation` is shown on
 * the flag's construct. Problems the document cannot express (a segment of another project, a variation
 * of another flag) are found here.
 */
import path from 'node:path';
import {
  type DesiredFlagEnvironmentInput,
  type DesiredFlagInput,
  type DesiredProjectInput,
  type DesiredRuleInput,
  type DesiredStateInput,
  desiredStateVersion,
  formatPath,
  type PathSegment,
} from '@flagplane/contract/desired-state';
import type { IConstruct } from 'constructs';
import type { Environment, IEnvironment } from '../environment.js';
import type { FeatureFlag, FlagVariation, IFeatureFlag } from '../feature-flag.js';
import type { FlagEnvironmentConfiguration } from '../flag-configuration.js';
import type { Flagplane } from '../flagplane.js';
import type { IProject, Project } from '../project.js';
import { constructRemovalPolicies } from '../removal-policy.js';
import type { SdkKey } from '../sdk-key.js';
import type { Segment } from '../segment.js';
import { variationText } from '../variation-values.js';
import type { ManagedResource } from './managed-resource.js';
import { prerequisiteOrderProblems } from './prerequisite-order.js';

/** A declared resource and where its entry sits in the document. */
export interface AssembledResource {
  readonly resource: ManagedResource;
  readonly projectKey: string;
  readonly at: readonly PathSegment[];
}

export interface Assembly {
  /** Everything declared: what is validated, and (valid) what the inventory holds. */
  readonly document: DesiredStateInput;
  readonly resources: readonly AssembledResource[];
  /** Formatted document path → the construct whose entry it is. */
  readonly locations: ReadonlyMap<string, IConstruct>;
  readonly pathOf: ReadonlyMap<IConstruct, readonly PathSegment[]>;
  readonly constructProblems: readonly { readonly construct: IConstruct; readonly message: string }[];
  /** Paths where a construct problem says more than the validator's "unknown …" would. */
  readonly explained: ReadonlySet<string>;
}

export interface AssemblyOptions {
  /** Where the provisioners run: SDK-key output files are written relative to it. */
  readonly stackDirectory: string;
  /** Where relative `outputFile`s start from. */
  readonly baseDirectory: string;
  /** `managedBy.source` of everything the stack declares (§20): `cdktf:<stack name>`. */
  readonly source: string;
}

export function assembleDesiredState(flagplane: Flagplane, options: AssemblyOptions): Assembly {
  const builder = new AssemblyBuilder(options);
  const document: DesiredStateInput = {
    version: desiredStateVersion,
    organization: flagplane.organization,
    source: options.source,
    removalPolicies: { ...constructRemovalPolicies },
    projects: flagplane.projects.map((project, index) => builder.project(project, ['projects', index])),
  };
  return {
    document,
    resources: builder.resources,
    locations: builder.locations,
    pathOf: builder.pathOf,
    constructProblems: [...builder.problems, ...prerequisiteOrderProblems(flagplane.projects)],
    explained: builder.explained,
  };
}

class AssemblyBuilder {
  readonly resources: AssembledResource[] = [];
  readonly locations = new Map<string, IConstruct>();
  readonly pathOf = new Map<IConstruct, readonly PathSegment[]>();
  readonly problems: { construct: IConstruct; message: string }[] = [];
  /** Flags managed elsewhere (`FeatureFlag.fromKey`) that prerequisites name, by their project. */
  private readonly externalFlags = new Map<IProject, Set<string>>();
  readonly explained = new Set<string>();

  constructor(private readonly options: AssemblyOptions) {}

  private locate(construct: IConstruct, at: readonly PathSegment[]): void {
    this.locations.set(formatPath(at), construct);
    this.pathOf.set(construct, at);
  }

  private declared(resource: ManagedResource, projectKey: string, at: readonly PathSegment[]): void {
    this.locate(resource, at);
    this.resources.push({ resource, projectKey, at });
  }

  project(project: IProject, at: PathSegment[]): DesiredProjectInput {
    let entry: DesiredProjectInput;
    if (project.imported) {
      this.locate(project, at);
      // A place for this stack's own flags, segments and SDK keys: the CLI never touches the project itself.
      entry = {
        key: project.key,
        managedElsewhere: true,
        environments: project.children.environments.map((environment, index) => {
          this.locate(environment, [...at, 'environments', index]);
          return { key: environment.key };
        }),
      };
    } else {
      const managed = project as Project;
      this.declared(managed, project.key, at);
      const { name, description, removalPolicy } = managed.props;
      entry = {
        key: project.key,
        ...defined({ name, description, removalPolicy }),
        environments: project.children.environments.map((environment, index) =>
          this.environment(environment, project, [...at, 'environments', index]),
        ),
      };
    }
    Object.assign(entry, this.children(project, at));
    // Known once the flags are assembled: the flags managed elsewhere that their prerequisites name.
    const external = [...(this.externalFlags.get(project) ?? [])].sort();
    if (external.length > 0) entry.flagsManagedElsewhere = external;
    return entry;
  }

  private children(project: IProject, at: PathSegment[]): Partial<DesiredProjectInput> {
    const { segments, flags, sdkKeys } = project.children;
    return {
      ...(segments.length > 0
        ? { segments: segments.map((segment, index) => this.segment(segment, [...at, 'segments', index])) }
        : {}),
      ...(flags.length > 0
        ? { flags: flags.map((flag, index) => this.flag(flag, [...at, 'flags', index])) }
        : {}),
      ...(sdkKeys.length > 0
        ? { sdkKeys: sdkKeys.map((sdkKey, index) => this.sdkKey(sdkKey, [...at, 'sdkKeys', index])) }
        : {}),
    };
  }

  private environment(environment: IEnvironment, project: IProject, at: PathSegment[]) {
    const managed = environment as Environment;
    this.declared(managed, project.key, at);
    const { key, name, color, sortOrder, removalPolicy } = managed.props;
    return { key, ...defined({ name, color, sortOrder, removalPolicy }) };
  }

  private segment(segment: Segment, at: PathSegment[]) {
    this.declared(segment, segment.project.key, at);
    const { key, name, description, included, excluded, conditionGroups, removalPolicy } = segment.props;
    return {
      key,
      ...defined({ name, description, removalPolicy }),
      ...(included ? { included: [...included] } : {}),
      ...(excluded ? { excluded: [...excluded] } : {}),
      ...(conditionGroups ? { conditionGroups: [...conditionGroups] } : {}),
    };
  }

  private sdkKey(sdkKey: SdkKey, at: PathSegment[]) {
    this.declared(sdkKey, sdkKey.environment.project.key, at);
    const { name, type, description, outputFile, rotation, removalPolicy } = sdkKey.props;
    const plaintextFile =
      outputFile === undefined
        ? undefined
        : path
            .relative(this.options.stackDirectory, path.resolve(this.options.baseDirectory, outputFile))
            .split(path.sep)
            .join('/');
    return {
      name,
      environment: sdkKey.environment.key,
      type,
      ...defined({ description, plaintextFile, rotation, removalPolicy }),
    };
  }

  private flag(flag: FeatureFlag, at: PathSegment[]): DesiredFlagInput {
    this.declared(flag, flag.project.key, at);
    const {
      key,
      type,
      name,
      description,
      tags,
      clientSideVisible,
      temporary,
      defaultVariation,
      removalPolicy,
    } = flag.props;
    const variations = flag.props.variations?.map((variation) => ({
      key: variation.key,
      value: variationText(type, variation) as string,
      ...defined({ name: variation.name, description: variation.description }),
    }));
    flag.props.variations?.forEach((variation, index) => {
      if (variation.json !== undefined && variation.value !== undefined)
        this.problem(flag, `variations[${index}]: give value or json, not both`);
      if (variation.json !== undefined && type !== 'Json')
        this.problem(flag, `variations[${index}].json: only Json flags take json text`);
    });
    const environments: Record<string, DesiredFlagEnvironmentInput> = {};
    for (const [environment, configuration] of flag.configurations) {
      if (environment.project !== flag.project) {
        this.problem(
          flag,
          `configure(${environment.key}): environment "${environment.key}" belongs to project "${environment.project.key}", not to "${flag.project.key}"`,
        );
        continue;
      }
      environments[environment.key] = this.configuration(flag, environment, configuration, [
        ...at,
        'environments',
        environment.key,
      ]);
    }
    for (const environment of new Set(flag.reconfigured)) {
      this.problem(
        flag,
        `configure(${environment.key}): configured more than once; configure each environment once`,
      );
    }
    return {
      key,
      type,
      ...defined({ name, description, clientSideVisible, temporary, defaultVariation, removalPolicy }),
      ...(tags ? { tags: [...tags] } : {}),
      ...(variations ? { variations } : {}),
      ...(Object.keys(environments).length > 0 ? { environments } : {}),
    };
  }

  private configuration(
    flag: FeatureFlag,
    environment: IEnvironment,
    configuration: FlagEnvironmentConfiguration,
    at: PathSegment[],
  ): DesiredFlagEnvironmentInput {
    const where = `configure(${environment.key})`;
    // Only a problem needs the path as text.
    const documentPath = () => formatPath(at);
    const variation = (reference: FlagVariation, property: string, inDocument = property) => {
      if (reference.flag !== flag) {
        this.explain(
          flag,
          `${documentPath()}.${inDocument}`,
          `${where}.${property}: variation "${reference.key}" belongs to flag "${reference.flag.key}"; use this flag's variation()`,
        );
      }
      return reference.key;
    };
    const { enabled, strategy, defaultVariation, percentageRollout, prerequisites, rules } = configuration;
    const weights: Record<string, number> = {};
    percentageRollout?.forEach((weighted, index) => {
      const key = variation(
        weighted.variation,
        `percentageRollout[${index}].variation`,
        `percentageRollout.${weighted.variation.key}`,
      );
      if (key in weights)
        this.problem(flag, `${where}.percentageRollout[${index}]: variation "${key}" is weighted twice`);
      weights[key] = weighted.weight;
    });
    return {
      ...defined({ enabled, strategy }),
      ...(defaultVariation ? { defaultVariation: variation(defaultVariation, 'defaultVariation') } : {}),
      ...(percentageRollout ? { percentageRollout: weights } : {}),
      ...(prerequisites
        ? {
            prerequisites: prerequisites.map((prerequisite, index) => {
              const property = `prerequisites[${index}]`;
              if (prerequisite.flag.project !== flag.project) {
                this.explain(
                  flag,
                  `${documentPath()}.${property}.flag`,
                  `${where}.${property}.flag: flag "${prerequisite.flag.key}" belongs to project "${prerequisite.flag.project.key}", not to "${flag.project.key}"`,
                );
              }
              if (prerequisite.flag.imported) this.managedElsewhere(prerequisite.flag);
              const expected =
                typeof prerequisite.variation === 'string'
                  ? prerequisite.variation
                  : prerequisite.variation.key;
              if (
                typeof prerequisite.variation !== 'string' &&
                prerequisite.variation.flag !== prerequisite.flag
              ) {
                this.problem(
                  flag,
                  `${where}.${property}.variation: variation "${expected}" belongs to flag "${prerequisite.variation.flag.key}", not to the prerequisite "${prerequisite.flag.key}"`,
                );
              }
              return { flag: prerequisite.flag.key, variation: expected };
            }),
          }
        : {}),
      ...(rules
        ? {
            rules: rules.map((rule, index): DesiredRuleInput => {
              const property = `rules[${index}]`;
              if (rule.segment && rule.segment.project !== flag.project) {
                this.explain(
                  flag,
                  `${documentPath()}.${property}.segment`,
                  `${where}.${property}.segment: segment "${rule.segment.key}" belongs to project "${rule.segment.project.key}", not to "${flag.project.key}"`,
                );
              }
              return {
                variation: variation(rule.variation, `${property}.variation`),
                ...defined({
                  description: rule.description,
                  rolloutPercentage: rule.rolloutPercentage,
                  segment: rule.segment?.key,
                }),
                ...(rule.conditionGroups ? { conditionGroups: [...rule.conditionGroups] } : {}),
              };
            }),
          }
        : {}),
    };
  }

  private managedElsewhere(flag: IFeatureFlag): void {
    const keys = this.externalFlags.get(flag.project) ?? new Set<string>();
    keys.add(flag.key);
    this.externalFlags.set(flag.project, keys);
  }

  private problem(construct: IConstruct, message: string): void {
    this.problems.push({ construct, message });
  }

  /** A problem that replaces the validator's vaguer one at `documentPath`. */
  private explain(construct: IConstruct, documentPath: string, message: string): void {
    this.explained.add(documentPath);
    this.problem(construct, message);
  }
}

/** The properties whose value is not undefined (so the canonical JSON never depends on how props were spelt). */
function defined<Shape extends Record<string, unknown>>(
  properties: Shape,
): { [Key in keyof Shape]?: Exclude<Shape[Key], undefined> } {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) if (value !== undefined) result[key] = value;
  return result as { [Key in keyof Shape]?: Exclude<Shape[Key], undefined> };
}
