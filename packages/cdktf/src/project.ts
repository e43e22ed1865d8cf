/**
 * A Flagplane project: the container of environments, segments, flags and SDK keys. `Project.fromKey`
 * refers to a project another stack (or another tool) manages, so this stack can declare flags in it.
 */
import type { ProjectRemovalPolicy } from '@flagplane/contract';
import { Construct, type IConstruct } from 'constructs';
import {
  Environment,
  type EnvironmentOptions,
  type IEnvironment,
  ImportedEnvironment,
} from './environment.js';
import { FeatureFlag, type FeatureFlagOptions } from './feature-flag.js';
import type { Flagplane } from './flagplane.js';
import { ManagedResource } from './internal/managed-resource.js';
import type { SdkKey } from './sdk-key.js';
import { Segment, type SegmentOptions } from './segment.js';

export interface IProject extends IConstruct {
  /** The project's key (immutable). */
  readonly key: string;
  readonly flagplane: Flagplane;
  /** True when the project is managed elsewhere (`Project.fromKey`). */
  readonly imported: boolean;
  /** The project's environment with this key: declared here, or (for an imported project) a reference. */
  environment(key: string): IEnvironment;
  /** @internal what the project holds, in declaration order */
  readonly children: ProjectChildren;
}

/** What a project holds, in the order the code declared it (the order of the desired state). */
export interface ProjectChildren {
  readonly environments: IEnvironment[];
  readonly segments: Segment[];
  readonly flags: FeatureFlag[];
  readonly sdkKeys: SdkKey[];
}

export interface ProjectProps {
  /** The connection the project belongs to. */
  readonly flagplane: Flagplane;
  /** The project key: `^[a-z0-9][a-z0-9_-]*$`, 1–64 characters. Immutable: a new key is a new project. */
  readonly key: string;
  /** @default the key */
  readonly name?: string;
  /** @default no description */
  readonly description?: string;
  /**
   * What happens to the live project when it leaves the stack. Deleting a project deletes everything in
   * it, so a child with `retain` needs `retain` here too.
   * @default 'delete'
   */
  readonly removalPolicy?: ProjectRemovalPolicy;
}

export interface ImportedProjectProps {
  readonly flagplane: Flagplane;
  /** The key of the existing project. */
  readonly key: string;
}

export class Project extends ManagedResource implements IProject {
  /**
   * A project managed elsewhere: this stack never creates, changes or removes it, and can declare
   * environments' flags, segments and SDK keys in it (refer to its environments with `environment(key)`).
   */
  static fromKey(scope: Construct, id: string, props: ImportedProjectProps): IProject {
    return new ImportedProject(scope, id, props);
  }

  readonly kind = 'project';
  readonly key: string;
  readonly imported = false;
  readonly props: ProjectProps;
  readonly children: ProjectChildren = { environments: [], segments: [], flags: [], sdkKeys: [] };

  constructor(scope: Construct, id: string, props: ProjectProps) {
    super(scope, id, props.flagplane);
    this.props = props;
    this.key = props.key;
    props.flagplane.registerProject(this);
  }

  /** Declares an environment of this project (in order: the first declared sorts first). */
  addEnvironment(id: string, options: EnvironmentOptions): Environment {
    return new Environment(this, id, { ...options, project: this });
  }

  addSegment(id: string, options: SegmentOptions): Segment {
    return new Segment(this, id, { ...options, project: this });
  }

  addFlag(id: string, options: FeatureFlagOptions): FeatureFlag {
    return new FeatureFlag(this, id, { ...options, project: this });
  }

  environment(key: string): IEnvironment {
    const found = this.children.environments.find((environment) => environment.key === key);
    if (!found) {
      const known = this.children.environments.map((environment) => `"${environment.key}"`).join(', ');
      throw new Error(
        `project "${this.key}" declares no environment "${key}" (declared: ${known || 'none'}); declare it with addEnvironment() first`,
      );
    }
    return found;
  }
}

class ImportedProject extends Construct implements IProject {
  readonly key: string;
  readonly flagplane: Flagplane;
  readonly imported = true;
  readonly children: ProjectChildren = { environments: [], segments: [], flags: [], sdkKeys: [] };

  constructor(scope: Construct, id: string, props: ImportedProjectProps) {
    super(scope, id);
    this.key = props.key;
    this.flagplane = props.flagplane;
    props.flagplane.registerProject(this);
    this.node.addValidation({ validate: () => props.flagplane.problemsOf(this) });
  }

  environment(key: string): IEnvironment {
    const known = this.children.environments.find((environment) => environment.key === key);
    if (known) return known;
    const reference = new ImportedEnvironment(this, `Environment-${key}`, { project: this, key });
    this.flagplane.touch();
    return reference;
  }
}
