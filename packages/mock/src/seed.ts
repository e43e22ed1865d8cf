/**
 * What a mock starts with, and returns to on `reset()`: organizations, users with roles and tokens, and
 * service tokens. Tokens not given are derived from the name, so they are the same on every run.
 */
import { createHash } from 'node:crypto';
import type { OrganizationPlan, Role } from '@flagplane/contract';
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

const roleRank = { Viewer: 0, Member: 1, Admin: 2, Owner: 3 } as const;

/** The token of a seeded principal allowed to create resources in `organization` (Member or above). */
export function seederToken(
  seed: MockSeed,
  tokens: Readonly<Record<string, string>>,
  organization: string,
): string {
  const organizations = (seed.organizations ?? [{ slug: 'acme' }]).map((org) => org.slug);
  for (const user of seed.users ?? [{ name: 'owner' }]) {
    const role = user.memberships
      ? user.memberships[organization]
      : organizations.includes(organization)
        ? 'Owner'
        : undefined;
    if (role && roleRank[role] >= roleRank.Member && tokens[user.name]) return tokens[user.name] as string;
  }
  for (const serviceToken of seed.serviceTokens ?? []) {
    const unscoped = serviceToken.projectScope === undefined;
    if (
      serviceToken.organization === organization &&
      unscoped &&
      roleRank[serviceToken.role] >= roleRank.Member
    ) {
      return tokens[serviceToken.name] as string;
    }
  }
  throw new Error(
    `mock seed: resources for organization "${organization}" need a seeded user or unscoped service token with role Member or above there`,
  );
}
