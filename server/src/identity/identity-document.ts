/**
 * The identity file (§17): organizations, users with memberships and tokens, service tokens. Issuance is
 * not part of the HTTP API in v1; the server reads this file at start-up (and the mock seeds from it).
 */
import { OrganizationPlan, OrgSlug, ProjectKey, Role } from '@flagplane/contract';
import { z } from 'zod';

export const personalTokenPattern = /^fp_pat_[0-9A-Za-z]{40}$/;
export const serviceTokenPattern = /^fp_svc_[0-9A-Za-z]{40}$/;

const PersonalToken = z
  .string()
  .regex(personalTokenPattern, 'must be fp_pat_ followed by 40 base62 characters');
const ServiceToken = z
  .string()
  .regex(serviceTokenPattern, 'must be fp_svc_ followed by 40 base62 characters');

export const IdentityDocument = z.strictObject({
  organizations: z
    .array(
      z.strictObject({
        slug: OrgSlug,
        name: z.string().min(1).nullish(),
        plan: OrganizationPlan.nullish(),
        isActive: z.boolean().optional(),
      }),
    )
    .default([]),
  users: z
    .array(
      z.strictObject({
        email: z.string().min(3).max(320),
        name: z.string().min(1).nullish(),
        emailVerified: z.boolean().nullish(),
        /** organization slug → role */
        memberships: z.record(z.string(), Role).default({}),
        tokens: z.array(PersonalToken).default([]),
      }),
    )
    .default([]),
  serviceTokens: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        organization: z.string().min(1),
        role: Role,
        projectScope: z.array(ProjectKey).min(1).nullish(),
        token: ServiceToken,
      }),
    )
    .default([]),
});
export type IdentityDocument = z.input<typeof IdentityDocument>;
export type ParsedIdentityDocument = z.output<typeof IdentityDocument>;
