/** Upserts an identity document into the store (§17); plaintext tokens are hashed on the way in. */
import { randomUUID } from 'node:crypto';
import { describeIssues } from '@flagplane/contract';
import { hashSecret } from '../access/principal.js';
import type { CredentialRecord, OrganizationRecord, UserRecord } from '../store/records.js';
import type { Store, Transaction } from '../store/store.js';
import { IdentityDocument, type ParsedIdentityDocument } from './identity-document.js';

export class IdentityError extends Error {
  override name = 'IdentityError';
}

/** Parses the document or throws an IdentityError naming every problem with its path. */
export function parseIdentityDocument(input: unknown, source: string): ParsedIdentityDocument {
  const result = IdentityDocument.safeParse(input);
  if (result.success) return result.data;
  const { fields } = describeIssues(result.error.issues, input);
  const problems = Object.entries(fields).map(([path, messages]) => `${path}: ${messages.join('; ')}`);
  throw new IdentityError(`${source} is not a valid identity file:\n  ${problems.join('\n  ')}`);
}

export async function applyIdentities(
  store: Store,
  document: ParsedIdentityDocument,
  now: Date,
): Promise<void> {
  await store.write((tx) => {
    const createdAt = now.toISOString();
    for (const declared of document.organizations) {
      const existing = tx.findByKey('organizations', null, declared.slug);
      const org: OrganizationRecord = {
        id: existing?.id ?? randomUUID(),
        slug: declared.slug,
        name: declared.name ?? existing?.name ?? declared.slug,
        plan: declared.plan ?? existing?.plan ?? null,
        isActive: declared.isActive ?? existing?.isActive ?? true,
        createdAt: existing?.createdAt ?? createdAt,
      };
      if (existing) tx.put('organizations', org);
      else tx.insert('organizations', org);
    }
    for (const declared of document.users) {
      const existing = tx.findByKey('users', null, declared.email);
      const memberships: Record<string, UserRecord['memberships'][string]> = { ...existing?.memberships };
      for (const [slug, role] of Object.entries(declared.memberships)) {
        memberships[organizationBySlug(tx, slug, `users "${declared.email}" memberships`).id] = role;
      }
      const user: UserRecord = {
        id: existing?.id ?? randomUUID(),
        email: declared.email,
        name: declared.name ?? existing?.name ?? null,
        emailVerified: declared.emailVerified ?? existing?.emailVerified ?? null,
        memberships,
      };
      if (existing) tx.put('users', user);
      else tx.insert('users', user);
      for (const token of declared.tokens) ensureCredential(tx, token, 'user', user.id);
    }
    for (const declared of document.serviceTokens) {
      const org = organizationBySlug(tx, declared.organization, `serviceTokens "${declared.name}"`);
      const existing = tx.children('serviceTokens', org.id).find((token) => token.name === declared.name);
      const record = {
        id: existing?.id ?? randomUUID(),
        name: declared.name,
        organizationId: org.id,
        role: declared.role,
        projectScope: declared.projectScope ?? null,
      };
      if (existing) tx.put('serviceTokens', record);
      else tx.insert('serviceTokens', record);
      ensureCredential(tx, declared.token, 'service_token', record.id);
    }
  });
}

function organizationBySlug(tx: Transaction, slug: string, where: string): OrganizationRecord {
  const org = tx.findByKey('organizations', null, slug);
  if (!org) throw new IdentityError(`${where}: unknown organization "${slug}"`);
  return org;
}

function ensureCredential(
  tx: Transaction,
  token: string,
  principalType: CredentialRecord['principalType'],
  principalId: string,
): void {
  const hash = hashSecret(token);
  const existing = tx.findByKey('credentials', null, hash);
  if (existing && existing.principalId !== principalId) {
    throw new IdentityError('the same token is declared for two principals');
  }
  if (!existing) {
    tx.insert('credentials', {
      id: randomUUID(),
      hash,
      principalType,
      principalId,
      revokedAt: null,
      expiresAt: null,
    });
  }
}
