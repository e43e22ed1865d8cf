/** SDK keys (document and §12). The plaintext exists only in the creation answer. */
import { randomUUID } from 'node:crypto';
import { limits, type Role, type SdkKey, type SdkKeyListItem, sdkKeyWarning } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import { hashSecret } from '../../access/principal.js';
import { validationFailed } from '../../domain/api-error.js';
import { listPage } from '../../pagination/paginate.js';
import type { OperationHandler } from '../../routes/operation-handler.js';
import type { SdkKeyRecord } from '../../store/records.js';
import { newSdkKeyPlaintext } from './sdk-key-secret.js';

export function toSdkKeyListItem(key: SdkKeyRecord): SdkKeyListItem {
  return {
    id: key.id,
    name: key.name,
    description: key.description,
    type: key.type,
    lastFourCharacters: key.lastFourCharacters,
    isActive: key.isActive,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    revokedAt: key.revokedAt,
  };
}

export function toSdkKey(key: SdkKeyRecord, role: Role): SdkKey {
  return {
    ...toSdkKeyListItem(key),
    _actions: {
      update: actionFor(role, 'Member'),
      revoke: actionFor(role, 'Member', !key.isActive && 'The key is already revoked.'),
    },
  };
}

export const listSdkKeys: OperationHandler<'listSdkKeys'> = ({ store, scope, query }) => {
  const environment = scope.environment!;
  return listPage(
    store.children('sdkKeys', environment.id),
    {
      listId: `sdkKeys:${environment.id}`,
      secret: store.cursorSecret,
      sortKey: (key) => [key.createdAt, key.id],
    },
    query,
    toSdkKeyListItem,
    { create: actionFor(scope.role!, 'Member') },
  );
};

export const createSdkKey: OperationHandler<'createSdkKey'> = ({ store, scope, body, now }) => {
  const environment = scope.environment!;
  const active = store.children('sdkKeys', environment.id).filter((key) => key.isActive).length;
  if (active >= limits.activeSdkKeysPerEnvironment) {
    throw validationFailed(
      `An environment holds at most ${limits.activeSdkKeysPerEnvironment} active SDK keys; revoke one first.`,
    );
  }
  const plaintext = newSdkKeyPlaintext(body.type);
  const record: SdkKeyRecord = {
    id: randomUUID(),
    environmentId: environment.id,
    name: body.name ?? `${body.type} key`,
    description: body.description || null,
    type: body.type,
    hash: hashSecret(plaintext),
    lastFourCharacters: plaintext.slice(-4),
    isActive: true,
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
    revokedByPrincipalId: null,
  };
  store.insert('sdkKeys', record);
  return {
    id: record.id,
    key: plaintext,
    lastFourCharacters: record.lastFourCharacters,
    type: record.type,
    name: record.name,
    createdAt: record.createdAt,
    warning: sdkKeyWarning,
  };
};

export const getSdkKey: OperationHandler<'getSdkKey'> = ({ scope }) => toSdkKey(scope.sdkKey!, scope.role!);

export const updateSdkKey: OperationHandler<'updateSdkKey'> = ({ store, scope, body }) => {
  const key = scope.sdkKey!;
  store.put('sdkKeys', {
    ...key,
    name: body.name ?? key.name,
    description: body.description == null ? key.description : body.description || null,
  });
};

/** Idempotent: a second revoke changes nothing; a revoked key is never active again. */
export const revokeSdkKey: OperationHandler<'revokeSdkKey'> = ({ store, scope, principal, now }) => {
  const key = scope.sdkKey!;
  if (!key.isActive) return;
  const revokedBy = principal.type === 'user' ? principal.user.id : principal.token.id;
  store.put('sdkKeys', { ...key, isActive: false, revokedAt: now, revokedByPrincipalId: revokedBy });
};
