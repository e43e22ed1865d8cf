/**
 * The live state of the declared projects, as read through the SDK: ids kept, references resolved to keys.
 * Each resource is its wire shape (the contract's read schema) with only the fields the engine compares,
 * normalised: the nullable fields the API always fills for a live resource (keys, names, a flag's type…)
 * are plain values here, so the planners need not check them again.
 */
import type {
  EnvironmentListItem,
  Flag,
  NestedFlagEnvironment,
  NestedVariation,
  Project,
  SdkKeyListItem,
  SegmentListItem,
} from '@flagplane/contract';

/** `Shape`'s `Fields`, read-only, with the `Filled` ones no longer nullable. */
type Normalised<Shape, Fields extends keyof Shape, Filled extends Fields = never> = {
  readonly [Field in Fields]: Field extends Filled ? NonNullable<Shape[Field]> : Shape[Field];
};

/** §20: what declares a resource, without the server's bookkeeping (`at`). */
export interface ManagedByDeclaration {
  readonly source: string;
  readonly environments: readonly string[];
}

/** A declaration as the API's bodies take it. */
export function managedByBody(declaration: ManagedByDeclaration): { source: string; environments: string[] } {
  return { source: declaration.source, environments: [...declaration.environments] };
}

export interface LiveState {
  readonly organization: string;
  /** The projects read, by key; a declared project that does not exist is absent. */
  readonly projects: ReadonlyMap<string, LiveProject>;
}

export interface LiveProject
  extends Normalised<Project, 'id' | 'key' | 'name' | 'description', 'key' | 'name'> {
  readonly managedBy: ManagedByDeclaration | null;
  readonly environments: readonly LiveEnvironment[];
  readonly segments: readonly LiveSegment[];
  readonly flags: readonly LiveFlag[];
  readonly sdkKeys: readonly LiveSdkKey[];
}

export type LiveEnvironment = Normalised<
  EnvironmentListItem,
  'id' | 'key' | 'name' | 'color' | 'sortOrder',
  'key' | 'name' | 'color'
>;

export type LiveSegment = Normalised<
  SegmentListItem,
  'id' | 'key' | 'name' | 'description' | 'included' | 'excluded' | 'conditionGroups',
  'key' | 'name'
>;

export type LiveVariation = Normalised<NestedVariation, keyof NestedVariation, 'key' | 'name' | 'value'>;

/** A flag's configuration in one environment; prerequisites by key, as the desired state names them. */
export interface LiveConfiguration
  extends Normalised<
    NestedFlagEnvironment,
    'isEnabled' | 'defaultVariationId' | 'strategy' | 'percentageRollout' | 'rules',
    'strategy'
  > {
  readonly prerequisites: readonly { readonly flag: string; readonly variation: string }[];
}

export interface LiveFlag
  extends Normalised<
    Flag,
    | 'id'
    | 'key'
    | 'type'
    | 'name'
    | 'description'
    | 'tags'
    | 'clientSideVisible'
    | 'temporary'
    | 'isArchived',
    'key' | 'type' | 'name' | 'tags'
  > {
  readonly variations: readonly LiveVariation[];
  /** By environment key. */
  readonly configurations: ReadonlyMap<string, LiveConfiguration>;
  readonly managedBy: ManagedByDeclaration | null;
}

/** An SDK key, with the environment it belongs to (the API lists keys per environment). */
export interface LiveSdkKey
  extends Normalised<
    SdkKeyListItem,
    'id' | 'name' | 'description' | 'type' | 'isActive' | 'lastFourCharacters' | 'createdAt',
    'name' | 'type'
  > {
  readonly environment: string;
}
