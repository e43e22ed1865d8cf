/** An environment of a project (development, production, …): where flags are configured and SDK keys live. */
import type { EnvironmentRemovalPolicy } from '@flagplane/contract';
import { Construct, type IConstruct } from 'constructs';
import { ManagedResource } from './internal/managed-resource.js';
import type { IProject } from './project.js';
import { SdkKey, type SdkKeyOptions } from './sdk-key.js';

export interface IEnvironment extends IConstruct {
  readonly key: string;
  readonly project: IProject;
  /** True for an environment of an imported project. */
  readonly imported: boolean;
}

export interface EnvironmentOptions {
  /** The environment key: `^[a-z0-9][a-z0-9_-]*$`, 1–64 characters. Immutable. */
  readonly key: string;
  /** @default the key */
  readonly name?: string;
  /** `#rrggbb`. @default '#6b7280' */
  readonly color?: string;
  /** Position among the project's environments. @default its position in the declaration order (0, 1, …) */
  readonly sortOrder?: number;
  /**
   * What happens to the live environment when it leaves the stack; deleting it deletes its flag
   * configurations and SDK keys.
   * @default 'delete'
   */
  readonly removalPolicy?: EnvironmentRemovalPolicy;
}

export interface EnvironmentProps extends EnvironmentOptions {
  readonly project: IProject;
}

export class Environment extends ManagedResource implements IEnvironment {
  readonly kind = 'environment';
  readonly key: string;
  readonly project: IProject;
  readonly imported = false;
  readonly props: EnvironmentProps;

  constructor(scope: Construct, id: string, props: EnvironmentProps) {
    super(scope, id, props.project.flagplane);
    this.props = props;
    this.key = props.key;
    this.project = props.project;
    props.project.children.environments.push(this);
    this.flagplane.touch();
  }

  /** Declares an SDK key of this environment. */
  addSdkKey(id: string, options: SdkKeyOptions): SdkKey {
    return new SdkKey(this, id, { ...options, environment: this });
  }
}

/** An environment of an imported project: referred to, never managed. */
export class ImportedEnvironment extends Construct implements IEnvironment {
  readonly key: string;
  readonly project: IProject;
  readonly imported = true;

  constructor(scope: Construct, id: string, props: { project: IProject; key: string }) {
    super(scope, id);
    this.key = props.key;
    this.project = props.project;
    props.project.children.environments.push(this);
  }
}
