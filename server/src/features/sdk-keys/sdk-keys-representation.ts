/**
 * SDK keys on the wire (document and §12): the read shape never carries the plaintext, the hash or the
 * environment; the creation answer is the only one with the plaintext.
 */
import {
  type Role,
  type SdkKey,
  type SdkKeyCreated,
  type SdkKeyListItem,
  type SdkKeyPage,
  sdkKeyWarning,
} from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import { type Page, pageEnvelope } from '../../pagination/paginate.js';
import type { SdkKeyRecord } from '../../store/records.js';

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

export function toSdkKeyPage(page: Page<SdkKeyRecord>, role: Role): SdkKeyPage {
  return pageEnvelope(page, toSdkKeyListItem, { create: actionFor(role, 'Member') });
}

export function toSdkKeyCreated(key: SdkKeyRecord, plaintext: string): SdkKeyCreated {
  return {
    id: key.id,
    key: plaintext,
    lastFourCharacters: key.lastFourCharacters,
    type: key.type,
    name: key.name,
    createdAt: key.createdAt,
    warning: sdkKeyWarning,
  };
}
