import * as z from 'zod';
import { Uuid } from '../formats.js';
import { Role } from './enums.js';

export const UserIdentity = z
  .strictObject({
    type: z.literal('user'),
    id: Uuid,
    name: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean().nullable(),
  })
  .meta({ id: 'UserIdentity' });

/** `projectScope` is omitted for an unrestricted token; it is never an empty list. */
export const ServiceTokenIdentity = z
  .strictObject({
    type: z.literal('service_token'),
    id: Uuid,
    name: z.string().nullable(),
    organizationId: Uuid,
    role: Role,
    projectScope: z.array(z.string()).min(1).optional(),
  })
  .meta({ id: 'ServiceTokenIdentity' });

export const Me = z.discriminatedUnion('type', [UserIdentity, ServiceTokenIdentity]).meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;
