/** SDK keys (document and §12): a limit of active keys, plaintext made once, idempotent revocation. */
import { randomUUID } from 'node:crypto';
import { limits } from '@flagplane/contract';
import { hashSecret, type Principal } from '../../access/principal.js';
import { validationFailed } from '../../domain/api-error.js';
import { storedDescription } from '../../domain/creation-defaults.js';
import { updatedDescription } from '../../domain/partial-update.js';
import { childrenPage, type Page, type PageRequest } from '../../pagination/paginate.js';
import type { BodyOf } from '../../routes/operation-handler.js';
import type { EnvironmentRecord, SdkKeyRecord } from '../../store/records.js';
import type { StoreView, Transaction } from '../../store/store.js';
import { newSdkKeyPlaintext } from './sdk-key-secret.js';

/** §6, document rule 3: every key of the environment, revoked ones too, by `createdAt`, then id. */
export function listSdkKeys(
  store: StoreView,
  environment: EnvironmentRecord,
  request: PageRequest,
): Page<SdkKeyRecord> {
  return childrenPage(store, 'sdkKeys', environment.id, request, {
    sortKey: (key) => [key.createdAt, key.id],
  });
}

/** The stored key, and its plaintext: only its hash is kept, so this is the one chance to show it. */
export function createSdkKey(
  store: Transaction,
  environment: EnvironmentRecord,
  body: BodyOf<'createSdkKey'>,
  now: string,
): { key: SdkKeyRecord; plaintext: string } {
  const active = store.children('sdkKeys', environment.id).filter((key) => key.isActive).length;
  if (active >= limits.activeSdkKeysPerEnvironment) {
    throw validationFailed(
      `An environment holds at most ${limits.activeSdkKeysPerEnvironment} active SDK keys; revoke one first.`,
    );
  }
  const plaintext = newSdkKeyPlaintext(body.type);
  const key: SdkKeyRecord = {
    id: randomUUID(),
    environmentId: environment.id,
    name: body.name ?? `${body.type} key`,
    description: storedDescription(body.description),
    type: body.type,
    hash: hashSecret(plaintext),
    lastFourCharacters: plaintext.slice(-4),
    isActive: true,
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
    revokedByPrincipalId: null,
  };
  store.insert('sdkKeys', key);
  return { key, plaintext };
}

/** Partial (§3); document rule 7: only name and description change. */
export function updateSdkKey(store: Transaction, key: SdkKeyRecord, body: BodyOf<'updateSdkKey'>): void {
  store.put('sdkKeys', {
    ...key,
    name: body.name ?? key.name,
    description: updatedDescription(key.description, body.description),
  });
}

/** Idempotent: a second revoke changes nothing; a revoked key is never active again. */
export function revokeSdkKey(store: Transaction, key: SdkKeyRecord, principal: Principal, now: string): void {
  if (!key.isActive) return;
  const revokedBy = principal.type === 'user' ? principal.user.id : principal.token.id;
  store.put('sdkKeys', { ...key, isActive: false, revokedAt: now, revokedByPrincipalId: revokedBy });
}
