/**
 * A feature flag: its typed variations, and its configuration in each environment. References are
 * objects: `flag.variation('on')`, a `Segment`, another `FeatureFlag` as a prerequisite. They are checked
 * at synth, with every other problem of the stack.
 */
import type { FlagRemovalPolicy, FlagType } from '@flagplane/contract';
import { Construct, type IConstruct } from 'constructs';
import type { IEnvironment } from './environment.js';
import type { FlagEnvironmentConfiguration } from './flag-configuration.js';
import { ManagedResource } from './internal/managed-resource.js';
import type { IProject } from './project.js';
import type { FlagVariationProps, JsonValue } from './variation-values.js';

export interface IFeatureFlag extends IConstruct {
  readonly key: string;
  readonly project: IProject;
  /** True when the flag is managed elsewhere (`FeatureFlag.fromKey`). */
  readonly imported: boolean;
  /** A reference to one of the flag's variations, by key (checked at synth). */
  variation(key: string): FlagVariation;
}

/** One variation of one flag, as a reference (`flag.variation('on')`). */
export class FlagVariation {
  constructor(
    readonly flag: IFeatureFlag,
    readonly key: string,
  ) {}
}

interface FeatureFlagCommonOptions {
  /** The flag key: `^[A-Za-z0-9][A-Za-z0-9._-]*$`, 1–128 characters, case-sensitive. Immutable. */
  readonly key: string;
  /** @default the key */
  readonly name?: string;
  /** @default no description */
  readonly description?: string;
  /** @default no tags */
  readonly tags?: readonly string[];
  /** Whether client-side SDKs may evaluate the flag. @default false */
  readonly clientSideVisible?: boolean;
  /** Meant to be removed once it has done its job (a release or an experiment). @default false */
  readonly temporary?: boolean;
  /**
   * The key of the variation every environment serves by default unless its configuration names another.
   * @default `false` for a Boolean flag, else the first variation
   */
  readonly defaultVariation?: string;
  /** @default 'archive' */
  readonly removalPolicy?: FlagRemovalPolicy;
}

export interface BooleanFlagOptions extends FeatureFlagCommonOptions {
  readonly type: 'Boolean';
  /** Exactly two, with values `true` and `false`. @default `true` ("On") and `false` ("Off") */
  readonly variations?: readonly FlagVariationProps<boolean>[];
}
export interface StringFlagOptions extends FeatureFlagCommonOptions {
  readonly type: 'String';
  /** 1–100 variations, values unique. */
  readonly variations: readonly FlagVariationProps<string>[];
}
export interface NumberFlagOptions extends FeatureFlagCommonOptions {
  readonly type: 'Number';
  /** 1–100 variations. A string value is taken as the exact text of the number (`'1.50'`). */
  readonly variations: readonly FlagVariationProps<number | string>[];
}
export interface JsonFlagOptions extends FeatureFlagCommonOptions {
  readonly type: 'Json';
  /** 1–100 variations; each value is serialized with `JSON.stringify` unless given as `json` text. */
  readonly variations: readonly FlagVariationProps<JsonValue>[];
}

/** The flag's options, by type: the type decides what a variation's value is. */
export type FeatureFlagOptions = BooleanFlagOptions | StringFlagOptions | NumberFlagOptions | JsonFlagOptions;

export type FeatureFlagProps = FeatureFlagOptions & { readonly project: IProject };

export interface ImportedFeatureFlagProps {
  readonly project: IProject;
  /** The key of the existing flag. */
  readonly key: string;
}

export class FeatureFlag extends ManagedResource implements IFeatureFlag {
  /**
   * A flag managed elsewhere, for use as a prerequisite. This stack never creates, changes or removes it;
   * its variations are checked by the API when the configuration is applied.
   */
  static fromKey(scope: Construct, id: string, props: ImportedFeatureFlagProps): IFeatureFlag {
    return new ImportedFeatureFlag(scope, id, props);
  }

  readonly kind = 'flag';
  readonly key: string;
  readonly type: FlagType;
  readonly project: IProject;
  readonly imported = false;
  readonly props: FeatureFlagProps;
  /** Each configured environment and its configuration, in the order `configure` was called. */
  readonly configurations = new Map<IEnvironment, FlagEnvironmentConfiguration>();
  /** Environments configured more than once (reported at synth). */
  readonly reconfigured: IEnvironment[] = [];

  constructor(scope: Construct, id: string, props: FeatureFlagProps) {
    super(scope, id, props.project.flagplane);
    this.props = props;
    this.key = props.key;
    this.type = props.type;
    this.project = props.project;
    props.project.children.flags.push(this);
    this.flagplane.touch();
  }

  variation(key: string): FlagVariation {
    return new FlagVariation(this, key);
  }

  /**
   * The flag's configuration in one environment of its project. An environment never configured is
   * declared disabled, serving the flag's default variation to everyone.
   */
  configure(environment: IEnvironment, configuration: FlagEnvironmentConfiguration): this {
    if (this.configurations.has(environment)) this.reconfigured.push(environment);
    this.configurations.set(environment, configuration);
    this.flagplane.touch();
    return this;
  }
}

class ImportedFeatureFlag extends Construct implements IFeatureFlag {
  readonly key: string;
  readonly project: IProject;
  readonly imported = true;

  constructor(scope: Construct, id: string, props: ImportedFeatureFlagProps) {
    super(scope, id);
    this.key = props.key;
    this.project = props.project;
  }

  variation(key: string): FlagVariation {
    return new FlagVariation(this, key);
  }
}
