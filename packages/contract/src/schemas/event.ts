/** §19: every write that succeeds is one event, read through `GET /api/v1/orgs/{org}/events`. */
import * as z from 'zod';
import { DateTime, DateTimeInput, Uuid } from '../formats.js';
import { parseRfc3339 } from '../rfc3339.js';
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
 * A time bound of the log: an RFC 3339 date-time in any offset and precision (the first, when repeated),
 * parsed to the instant it names in the form events carry (§16: `2026-01-31T09:30:00.000Z`), which sorts
 * as time. Rounded up to the millisecond: events carry whole milliseconds, so "at or after" and "before"
 * a fraction of one mean the same as at or after, or before, the next whole one. An instant outside the
 * years 0000–9999 (`9999-12-31T23:00:00-02:00`) comes out in JavaScript's extended form (`+010000-…`).
 */
const instantBound = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw) => (Array.isArray(raw) ? raw[0] : raw))
    .pipe(DateTimeInput.optional())
    .transform((text) => {
      const instant = text === undefined ? null : parseRfc3339(text);
      if (!instant) return undefined;
      return new Date(instant.epochMilliseconds + (instant.pastMillisecond ? 1 : 0)).toISOString();
    })
    .meta({ description });

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
    .transform((raw) => (Array.isArray(raw) ? raw[0] : raw))
    .meta({
      description:
        'Only events about one kind of resource (`resource.kind`): a `FlagEnvironment` is a flag’s configuration ' +
        'in one environment, a `Rule` one of its targeting rules. Another value is `400 validation_failed`.',
    }),
  actor: QueryText.meta({ description: 'A user or service token id, or a user email.' }),
  action: QueryText.meta({ description: 'An operation id, e.g. `toggleFlag`.' }),
  since: instantBound(
    'Events at or after this instant: an RFC 3339 date-time in any offset (`2026-01-31T10:30:00+01:00`, a `+` sent as `%2B`) and precision.',
  ),
  until: instantBound('Events before this instant: an RFC 3339 date-time, as for `since`.'),
});
export type EventListQuery = z.input<typeof EventListQuery>;
