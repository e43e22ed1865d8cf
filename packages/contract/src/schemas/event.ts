/** §19: every write that succeeds is one event, read through `GET /api/v1/orgs/{org}/events`. */
import * as z from 'zod';
import { DateTime, Uuid } from '../formats.js';
import { NoActions, pageOf } from './common.js';

export const EventResourceKind = z.enum([
  'Project',
  'Environment',
  'Flag',
  'Variation',
  'FlagEnvironment',
  'Rule',
  'Segment',
  'SdkKey',
]);
export type EventResourceKind = z.infer<typeof EventResourceKind>;

export const EventActor = z
  .strictObject({
    kind: z.enum(['User', 'ServiceToken']),
    id: Uuid,
    name: z.string().nullable(),
    /** null for a service token */
    email: z.string().nullable(),
  })
  .meta({ id: 'EventActor' });
export type EventActor = z.infer<typeof EventActor>;

const EventReference = z
  .strictObject({ id: Uuid, key: z.string().nullable() })
  .meta({ id: 'EventReference' });

/**
 * One changed property, by its read-shape name, dotted for nested values (`isEnabled`,
 * `rules.0.variationId`). A creation has only `after`, a deletion only `before`.
 */
export const EventChange = z
  .strictObject({
    path: z.string(),
    before: z.unknown().optional(),
    after: z.unknown().optional(),
  })
  .meta({ id: 'EventChange' });
export type EventChange = z.infer<typeof EventChange>;

export const Event = z
  .strictObject({
    id: Uuid.meta({ description: 'A UUID v7: ids sort by time.' }),
    createdAt: DateTime,
    action: z.string().meta({ description: 'The operation id of the endpoint table (`toggleFlag`).' }),
    actor: EventActor,
    client: z
      .string()
      .nullable()
      .meta({ description: "The request's User-Agent product token (`flagplane-cli/0.3.0`), if any." }),
    requestId: z.string(),
    project: EventReference.nullable(),
    environment: EventReference.nullable(),
    resource: z.strictObject({ kind: EventResourceKind, id: Uuid, key: z.string().nullable() }),
    changes: z.array(EventChange),
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof Event>;

export const EventPage = pageOf(Event, NoActions).meta({ id: 'EventPage' });
export type EventPage = z.infer<typeof EventPage>;

const QueryText = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((raw) => (Array.isArray(raw) ? raw[0] : raw));

/**
 * §19's filters, each optional. A value that names nothing (a flag that never existed, an unknown
 * `action`) matches nothing; `resourceKind`, `since` and `until` must be what they say (400 otherwise).
 */
export const EventListQuery = z.object({
  project: QueryText.meta({ description: 'A project key or id.' }),
  environment: QueryText.meta({ description: 'An environment key or id.' }),
  flag: QueryText.meta({
    description: 'A flag key or id: its events, and those of its variations, configurations and rules.',
  }),
  resourceKind: z
    .union([EventResourceKind, z.array(EventResourceKind)], {
      error: `must be one of ${EventResourceKind.options.join(', ')}`,
    })
    .optional()
    .transform((raw) => (Array.isArray(raw) ? raw[0] : raw)),
  actor: QueryText.meta({ description: 'A user or service token id, or a user email.' }),
  action: QueryText.meta({ description: 'An operation id, e.g. `toggleFlag`.' }),
  since: z
    .union([DateTime, z.array(DateTime)])
    .optional()
    .transform((raw) => (Array.isArray(raw) ? raw[0] : raw))
    .meta({ description: 'Events at or after this date-time.' }),
  until: z
    .union([DateTime, z.array(DateTime)])
    .optional()
    .transform((raw) => (Array.isArray(raw) ? raw[0] : raw))
    .meta({ description: 'Events before this date-time.' }),
});
export type EventListQuery = z.input<typeof EventListQuery>;
