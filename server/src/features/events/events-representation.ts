/** Events on the wire (§19): the record without what only the index needs (organization, flag). */
import type { Event, EventPage } from '@flagplane/contract';
import { type Page, pageEnvelope } from '../../pagination/paginate.js';
import type { EventRecord } from '../../store/records.js';

export function toEvent(event: EventRecord): Event {
  return {
    id: event.id,
    createdAt: event.createdAt,
    action: event.action,
    actor: { ...event.actor },
    client: event.client,
    requestId: event.requestId,
    project: event.project ? { ...event.project } : null,
    environment: event.environment ? { ...event.environment } : null,
    resource: { ...event.resource },
    changes: event.changes.map((change) => ({ ...change })),
  };
}

/** The log has no create operation: the envelope's `_actions` is empty (§6). */
export function toEventPage(page: Page<EventRecord>): EventPage {
  return pageEnvelope(page, toEvent, {});
}
