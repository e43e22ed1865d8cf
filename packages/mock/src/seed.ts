/**
 * What a mock starts with, and returns to on `reset()`: organizations, users with roles and tokens, and
 * service tokens. Tokens not given are derived from the name, so they are the same on every run.
 */
import { createHash } from 'node:crypto';
import { endpoints, type OperationId, type OrganizationPlan, type Role, roleRank } from '@flagplane/contract';
import type { IdentityDocument } from '@flagplane/server';

export interface MockSeed {
  /** @default one organization, `acme` */
  readonly organizations?: readonly {
    readonly slug: string;
    readonly name?: string;
    readonly plan?: OrganizationPlan;
  }[];
  /** @default one user, `owner`, Owner of every seeded organization */
  readonly users?: readonly MockUser[];
  /** @default none */
  readonly serviceTokens?: readonly MockServiceToken[];
  /**
   * Projects, environments, flags, segments and SDK keys, as desired-state documents (the format
   * `flagplane apply -f` reads), one per organization. Applied by the CLI's own engine, through the
   * mock, by a seeded user or service token with at least the Member role there. @default none
   */
  readonly resources?: readonly unknown[];
}

export interface MockUser {
  /** The name the mock's `tokens` are keyed by. */
  readonly name: string;
  /** @default `<name>@example.test` */
  readonly email?: string;
  /** organization slug → role. @default Owner of every seeded organization */
  readonly memberships?: Readonly<Record<string, Role>>;
  /** @default derived from the name (`fp_pat_…`) */
  readonly token?: string;
}

export interface MockServiceToken {
  readonly name: string;
  readonly organization: string;
  readonly role: Role;
  /** Project keys; omitted means every project. */
  readonly projectScope?: readonly string[];
  /** @default derived from the name (`fp_svc_…`) */
  readonly token?: string;
}

const base62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid token (§5 format) that depends only on its name. */
export function derivedToken(kind: 'pat' | 'svc', name: string): string {
  const digest = createHash('sha256').update(`flagplane-mock:${kind}:${name}`).digest();
  let text = '';
  for (let index = 0; index < 40; index++) text += base62[(digest[index % digest.length] ?? 0) % 62];
  return `fp_${kind}_${text}`;
}

/** The identity document the server seeds from, and the tokens by name. */
export function identitiesOf(seed: MockSeed): {
  identities: IdentityDocument;
  tokens: Record<string, string>;
} {
  const organizations = seed.organizations ?? [{ slug: 'acme', name: 'Acme Inc', plan: 'Pro' }];
  const everyOrganization = Object.fromEntries(organizations.map((org) => [org.slug, 'Owner' as Role]));
  const users = seed.users ?? [{ name: 'owner' }];
  const tokens: Record<string, string> = {};
  const identities: IdentityDocument = {
    organizations: organizations.map((org) => ({
      slug: org.slug,
      name: org.name ?? org.slug,
      plan: org.plan ?? null,
    })),
    users: users.map((user) => {
      const token = user.token ?? derivedToken('pat', user.name);
      tokens[user.name] = token;
      return {
        email: user.email ?? `${user.name}@example.test`,
        name: user.name,
        emailVerified: true,
        memberships: { ...(user.memberships ?? everyOrganization) },
        tokens: [token],
      };
    }),
    serviceTokens: (seed.serviceTokens ?? []).map((serviceToken) => {
      const token = serviceToken.token ?? derivedToken('svc', serviceToken.name);
      tokens[serviceToken.name] = token;
      return {
        name: serviceToken.name,
        organization: serviceToken.organization,
        role: serviceToken.role,
        projectScope: serviceToken.projectScope ? [...serviceToken.projectScope] : null,
        token,
      };
    }),
  };
  return { identities, tokens };
}

/** What applying a desired state to an empty organization sends: creations, then configurations. */
const seedingOperations = [
  'createProject',
  'createEnvironment',
  'createSegment',
  'createFlag',
  'createVariation',
  'updateFlagEnvironment',
  'createSdkKey',
] as const satisfies readonly OperationId[];

/** The lowest role allowed every seeding operation, by the endpoint table. */
const seedingRole = seedingOperations
  .map((operationId): Role => endpoints[operationId].minimumRole)
  .reduce((highest, role) => (roleRank[role] > roleRank[highest] ? role : highest));

/**
 * The token of a seeded principal allowed to create resources in `organization`: a user with a role
 * there, or an unscoped service token of it (a scoped one may not create projects).
 */
export function seederToken(identities: IdentityDocument, organization: string): string {
  const allowed = (role: Role | undefined) => role !== undefined && roleRank[role] >= roleRank[seedingRole];
  const user = (identities.users ?? []).find((candidate) => allowed(candidate.memberships?.[organization]));
  const serviceToken = (identities.serviceTokens ?? []).find(
    (candidate) =>
      candidate.organization === organization && !candidate.projectScope && allowed(candidate.role),
  );
  const token = user?.tokens?.[0] ?? serviceToken?.token;
  if (token) return token;
  throw new Error(
    `mock seed: resources for organization "${organization}" need a seeded user or unscoped service token with role ${seedingRole} or above there`,
  );
}
