/**
 * The records the reference server keeps. These are storage shapes, not wire shapes: the wire shapes
 * live in @flagplane/contract and the features map records to them. Records are immutable by
 * convention: a change is a `put` of a new object, which is what lets a transaction undo itself.
 */
import type {
  ConditionGroup,
  EnvironmentColor,
  EventActor,
  EventChange,
  EventResourceKind,
  FlagType,
  OrganizationPlan,
  Role,
  SdkKeyType,
  Strategy,
} from '@flagplane/contract';

export interface OrganizationRecord {
  readonly id: string;
  readonly slug: string;
  readonly name: string | null;
  readonly plan: OrganizationPlan | null;
  readonly isActive: boolean;
  readonly createdAt: string;
}

export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly emailVerified: boolean | null;
  /** organization id → role */
  readonly memberships: Readonly<Record<string, Role>>;
}

export interface ServiceTokenRecord {
  readonly id: string;
  readonly name: string;
  readonly organizationId: string;
  readonly role: Role;
  /** project keys; null means every project of the organization */
  readonly projectScope: readonly string[] | null;
}

/** A credential: only the SHA-256 hash (hex) of the token is kept, never the token. */
export interface CredentialRecord {
  readonly id: string;
  readonly hash: string;
  readonly principalType: 'user' | 'service_token';
  readonly principalId: string;
  readonly revokedAt: string | null;
  readonly expiresAt: string | null;
}

/** §20: who declares the resource. Absent in records written before it existed: read as null. */
export interface ManagedByRecord {
  readonly source: string;
  readonly environments: readonly string[];
  readonly at: string;
}

export interface ProjectRecord {
  readonly id: string;
  readonly organizationId: string;
  readonly key: string;
  readonly name: string;
  readonly description: string | null;
  readonly createdAt: string;
  readonly updatedAt: string | null;
  readonly managedBy?: ManagedByRecord | null;
}

export interface EnvironmentRecord {
  readonly id: string;
  readonly projectId: string;
  readonly key: string;
  readonly name: string;
  readonly color: EnvironmentColor;
  readonly sortOrder: number;
  readonly createdAt: string;
}

export interface VariationRecord {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly value: string;
  readonly description: string | null;
}

export interface RuleRecord {
  readonly id: string;
  readonly description: string | null;
  readonly variationId: string;
  readonly rolloutPercentage: number | null;
  readonly userSegmentId: string | null;
  readonly conditionGroups: readonly ConditionGroup[];
}

export interface PrerequisiteRecord {
  readonly flagId: string;
  readonly variationId: string;
}

export interface WeightRecord {
  readonly variationId: string;
  readonly weight: number;
}

/** One flag's configuration in one environment, embedded in the flag record by environment id. */
export interface FlagConfigurationRecord {
  readonly isEnabled: boolean;
  readonly defaultVariationId: string;
  readonly strategy: Strategy;
  readonly percentageRollout: readonly WeightRecord[] | null;
  readonly prerequisites: readonly PrerequisiteRecord[];
  readonly rules: readonly RuleRecord[];
  readonly updatedAt: string;
}

export interface FlagRecord {
  readonly id: string;
  readonly projectId: string;
  readonly key: string;
  readonly type: FlagType;
  readonly name: string;
  readonly description: string | null;
  readonly tags: readonly string[];
  readonly clientSideVisible: boolean;
  /** Absent in records written before it existed: read as false (`isTemporary`). */
  readonly temporary?: boolean;
  readonly isArchived: boolean;
  readonly variations: readonly VariationRecord[];
  /** The default variation a new environment's configuration starts with (§8). */
  readonly defaultVariationId: string;
  /** environment id → configuration */
  readonly configurations: Readonly<Record<string, FlagConfigurationRecord>>;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly managedBy?: ManagedByRecord | null;
}

export interface SegmentRecord {
  readonly id: string;
  readonly projectId: string;
  readonly key: string;
  readonly name: string;
  readonly description: string | null;
  readonly included: readonly string[];
  readonly excluded: readonly string[];
  readonly conditionGroups: readonly ConditionGroup[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface SdkKeyRecord {
  readonly id: string;
  readonly environmentId: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: SdkKeyType;
  /** SHA-256 (hex) of the plaintext key; the plaintext is never kept. */
  readonly hash: string;
  readonly lastFourCharacters: string;
  readonly isActive: boolean;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
  readonly revokedByPrincipalId: string | null;
}

/** Every collection, its record type, and the fields the store indexes. */
/** A reference to a project or environment as an event keeps it (the resource may be gone since). */
export interface EventReferenceRecord {
  readonly id: string;
  readonly key: string;
}

/**
 * §19: one write that succeeded. The wire shape (`Event`) plus what the index needs: the organization,
 * and the flag the event concerns (its own events, and those of its variations, configurations, rules).
 */
export interface EventRecord {
  readonly id: string;
  readonly organizationId: string;
  readonly createdAt: string;
  readonly action: string;
  readonly actor: EventActor;
  readonly client: string | null;
  readonly requestId: string;
  readonly project: EventReferenceRecord | null;
  readonly environment: EventReferenceRecord | null;
  readonly flag: EventReferenceRecord | null;
  readonly resource: { readonly kind: EventResourceKind; readonly id: string; readonly key: string | null };
  readonly changes: readonly EventChange[];
}

export interface CollectionRecords {
  organizations: OrganizationRecord;
  users: UserRecord;
  serviceTokens: ServiceTokenRecord;
  credentials: CredentialRecord;
  projects: ProjectRecord;
  environments: EnvironmentRecord;
  flags: FlagRecord;
  segments: SegmentRecord;
  sdkKeys: SdkKeyRecord;
  events: EventRecord;
}

export type CollectionName = keyof CollectionRecords;

/**
 * Which field holds a record's parent id and which its unique key within that parent. The store keeps an
 * index on both, so features find children and look keys up without scanning.
 */
export const collectionIndexes = {
  organizations: { parent: null, key: 'slug' },
  users: { parent: null, key: 'email' },
  serviceTokens: { parent: 'organizationId', key: null },
  credentials: { parent: null, key: 'hash' },
  projects: { parent: 'organizationId', key: 'key' },
  environments: { parent: 'projectId', key: 'key' },
  flags: { parent: 'projectId', key: 'key' },
  segments: { parent: 'projectId', key: 'key' },
  sdkKeys: { parent: 'environmentId', key: null },
  // Events have their own index (event-index.ts): by organization, project and flag, in id (time) order.
  events: { parent: null, key: null },
} as const satisfies { [C in CollectionName]: { parent: string | null; key: string | null } };

export const collectionNames = Object.keys(collectionIndexes) as CollectionName[];

/** 2: the `events` collection (§19). A version-1 document is upgraded when it is read (store-data.ts). */
export const STORE_SCHEMA_VERSION = 2;

/** The whole document as it is kept on disk (lowdb's JSON file) and in memory. */
export type StoreData = {
  schemaVersion: typeof STORE_SCHEMA_VERSION;
  /** Secret used to sign pagination cursors, made once per data file. */
  cursorSecret: string;
} & { [C in CollectionName]: Record<string, CollectionRecords[C]> };
