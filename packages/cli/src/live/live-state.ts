/** The live state of the declared projects, as read through the SDK: ids kept, references resolved to keys. */
import type { ConditionGroup, FlagType, Rule, SdkKeyType, Strategy } from '@flagplane/contract';

export interface LiveState {
  readonly organization: string;
  /** The projects read, by key; a declared project that does not exist is absent. */
  readonly projects: ReadonlyMap<string, LiveProject>;
}

export interface LiveProject {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly description: string | null;
  readonly environments: readonly LiveEnvironment[];
  readonly segments: readonly LiveSegment[];
  readonly flags: readonly LiveFlag[];
  readonly sdkKeys: readonly LiveSdkKey[];
}

export interface LiveEnvironment {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly color: string;
  readonly sortOrder: number;
}

export interface LiveSegment {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly description: string | null;
  readonly included: readonly string[];
  readonly excluded: readonly string[];
  readonly conditionGroups: readonly ConditionGroup[];
}

export interface LiveVariation {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly value: string;
  readonly description: string | null;
}

export interface LiveConfiguration {
  readonly isEnabled: boolean;
  readonly defaultVariationId: string;
  readonly strategy: Strategy;
  readonly percentageRollout: readonly { readonly variationId: string; readonly weight: number }[] | null;
  readonly prerequisites: readonly { readonly flag: string; readonly variation: string }[];
  readonly rules: readonly Rule[];
}

export interface LiveFlag {
  readonly id: string;
  readonly key: string;
  readonly type: FlagType;
  readonly name: string;
  readonly description: string | null;
  readonly tags: readonly string[];
  readonly clientSideVisible: boolean;
  readonly isArchived: boolean;
  readonly variations: readonly LiveVariation[];
  /** By environment key. */
  readonly configurations: ReadonlyMap<string, LiveConfiguration>;
}

export interface LiveSdkKey {
  readonly id: string;
  readonly environment: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: SdkKeyType;
  readonly isActive: boolean;
  readonly lastFourCharacters: string | null;
  readonly createdAt: string;
}
