import * as z from 'zod';
import { DateTime, Description, Name, Uuid } from '../formats.js';
import { actionsOf, CreateAction, pageOf } from './common.js';
import { SdkKeyType } from './enums.js';

export const SdkKeyActions = actionsOf(['update', 'revoke'], 'SdkKeyActions');

const sdkKeyFields = {
  id: Uuid,
  name: z.string().nullable(),
  description: z.string().nullable(),
  type: SdkKeyType.nullable(),
  lastFourCharacters: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: DateTime,
  lastUsedAt: DateTime.nullable(),
  revokedAt: DateTime.nullable(),
};

/** The read shape: never the plaintext, the revoking user or the environment id. */
export const SdkKey = z.strictObject({ ...sdkKeyFields, _actions: SdkKeyActions }).meta({ id: 'SdkKey' });
export type SdkKey = z.infer<typeof SdkKey>;

export const SdkKeyListItem = z.strictObject(sdkKeyFields).meta({ id: 'SdkKeyListItem' });
export type SdkKeyListItem = z.infer<typeof SdkKeyListItem>;

export const SdkKeyPage = pageOf(SdkKeyListItem, CreateAction).meta({ id: 'SdkKeyPage' });
export type SdkKeyPage = z.infer<typeof SdkKeyPage>;

/** The 201 of creation: the only answer that ever holds the plaintext `key`. */
export const SdkKeyCreated = z
  .strictObject({
    id: Uuid,
    key: z.string().nullable(),
    lastFourCharacters: z.string().nullable(),
    type: SdkKeyType,
    name: z.string().nullable(),
    createdAt: DateTime,
    warning: z.string().nullable(),
  })
  .meta({ id: 'SdkKeyCreated' });
export type SdkKeyCreated = z.infer<typeof SdkKeyCreated>;

/** §12: `type` exactly `ClientSide` or `ServerSide` (a case mismatch gets `did_you_mean`). */
export const SdkKeyCreateBody = z
  .object({
    name: Name.nullish(),
    description: Description.nullish(),
    type: SdkKeyType,
  })
  .meta({ id: 'SdkKeyCreateBody' });
export type SdkKeyCreateBody = z.input<typeof SdkKeyCreateBody>;

export const SdkKeyUpdateBody = z
  .object({
    name: Name.nullish(),
    description: Description.nullish(),
  })
  .meta({ id: 'SdkKeyUpdateBody' });
export type SdkKeyUpdateBody = z.input<typeof SdkKeyUpdateBody>;

export const sdkKeyWarning = 'This key is shown once and cannot be recovered. Store it now.';
