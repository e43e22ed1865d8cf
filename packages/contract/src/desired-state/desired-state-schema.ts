/**
 * The desired state of one organization, as code: what `flagplane plan/apply -f` reads, what the CDKTF
 * constructs synthesize into their inventory, what the mock can be seeded with. Built from the §2 format
 * schemas, so a key or a color is checked by the same code as a request body. Objects are strict: an
 * unknown property is a mistake worth reporting, never silently ignored.
 */
import * as z from 'zod';
import {
  Color,
  Description,
  EnvironmentKey,
  FlagKey,
  Name,
  OrgSlug,
  ProjectKey,
  SegmentKey,
  SortOrder,
} from '../formats.js';
import { ConditionGroupsInput } from '../schemas/conditions.js';
import { ContextKeys } from '../schemas/context-keys.js';
import { SdkKeyType } from '../schemas/enums.js';
import { ManagedBySource } from '../schemas/managed-by.js';
import { DesiredFlag } from './desired-flag.js';
import {
  EnvironmentRemovalPolicy,
  ProjectRemovalPolicy,
  RemovalPolicies,
  SdkKeyRemovalPolicy,
  SegmentRemovalPolicy,
} from './removal-policy.js';

export const desiredStateVersion = 1;

export const DesiredEnvironment = z.strictObject({
  key: EnvironmentKey,
  /** @default the key */
  name: Name.optional(),
  /** @default #6b7280 */
  color: Color.optional(),
  /** @default the environment's position in the list (0, 1, …) */
  sortOrder: SortOrder.optional(),
  /** @default retain (or the document's `removalPolicies.environment`) */
  removalPolicy: EnvironmentRemovalPolicy.optional(),
});
export type DesiredEnvironment = z.infer<typeof DesiredEnvironment>;
export type DesiredEnvironmentInput = z.input<typeof DesiredEnvironment>;

export const DesiredSegment = z.strictObject({
  key: SegmentKey,
  /** @default the key */
  name: Name.optional(),
  description: Description.optional(),
  /** Context keys always in the segment. @default none */
  included: ContextKeys.optional(),
  /** Context keys never in the segment, whatever the conditions say. @default none */
  excluded: ContextKeys.optional(),
  /** @default none */
  conditionGroups: ConditionGroupsInput.optional(),
  /** @default delete (or the document's `removalPolicies.segment`) */
  removalPolicy: SegmentRemovalPolicy.optional(),
});
export type DesiredSegment = z.infer<typeof DesiredSegment>;
export type DesiredSegmentInput = z.input<typeof DesiredSegment>;

export const DesiredSdkKey = z.strictObject({
  /** Identifies the key within its environment (the API has no other key for it). */
  name: Name,
  /** The environment of the project the key is for, by key. */
  environment: EnvironmentKey,
  type: SdkKeyType,
  description: Description.optional(),
  /**
   * Where the plaintext is written (mode 0600) when the key is created: the only time the API shows it.
   * Relative paths are relative to the desired-state file. Left out, the plaintext is not kept anywhere.
   */
  plaintextFile: z.string().min(1, 'must not be empty').optional(),
  /**
   * Raise it to replace the key: a new key is created and written to `plaintextFile`, then the old one is
   * revoked. A key whose plaintext was lost is never replaced without this. @default 0
   */
  rotation: z.number().int('must be an integer').min(0, 'must be at least 0').optional(),
  /** @default revoke (or the document's `removalPolicies.sdkKey`) */
  removalPolicy: SdkKeyRemovalPolicy.optional(),
});
export type DesiredSdkKey = z.infer<typeof DesiredSdkKey>;
export type DesiredSdkKeyInput = z.input<typeof DesiredSdkKey>;

export const DesiredProject = z.strictObject({
  key: ProjectKey,
  /**
   * The project and its environments exist and belong to someone else: this document never creates,
   * changes or removes them (so it gives them no name, description or removal policy, and its
   * environments only a key, to configure its flags there), and `apply --prune` leaves everything in the
   * project that this document does not declare alone. The segments, flags and SDK keys it declares in
   * the project are managed as anywhere else. @default false
   */
  managedElsewhere: z.boolean().optional(),
  /** @default the key */
  name: Name.optional(),
  description: Description.optional(),
  /** At least one: a project always has an environment. In the order they are listed. */
  environments: z.array(DesiredEnvironment).min(1, 'a project needs at least one environment'),
  segments: z.array(DesiredSegment).optional(),
  flags: z.array(DesiredFlag).optional(),
  /**
   * Flags of the project that exist and belong to someone else, by key: prerequisites may name them (their
   * variations are checked by the API), and this document never creates, changes or removes them.
   * @default none
   */
  flagsManagedElsewhere: z.array(FlagKey).optional(),
  sdkKeys: z.array(DesiredSdkKey).optional(),
  /** @default retain (or the document's `removalPolicies.project`) */
  removalPolicy: ProjectRemovalPolicy.optional(),
});
export type DesiredProject = z.infer<typeof DesiredProject>;
export type DesiredProjectInput = z.input<typeof DesiredProject>;

export const DesiredState = z.strictObject({
  /** The format's version. @default 1 */
  version: z.literal(desiredStateVersion).optional(),
  /** The organization, by slug. */
  organization: OrgSlug,
  /** Policies of resources that declare none, and of undeclared live ones (`apply --prune`). */
  removalPolicies: RemovalPolicies.optional(),
  /**
   * Where this declaration lives, written as `managedBy.source` on every project and flag it declares
   * (§20). @default `file:<path>` (`flagplane` with `-f`), `cdktf:<stack>` (the constructs)
   */
  source: ManagedBySource.optional(),
  projects: z.array(DesiredProject),
});
/** A desired state as validated (formats canonical: colors lower-case, tags de-duplicated, operators spelt as the API does). */
export type DesiredState = z.infer<typeof DesiredState>;
/** A desired state as written by hand or by the constructs. */
export type DesiredStateInput = z.input<typeof DesiredState>;
