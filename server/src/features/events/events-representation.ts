/** Events on the wire (§19): the record without what only the index needs (organization, flag). */
import type { Event, EventPage } from '@flagplane/contract';
import type { Page } from '../../pagination/paginate.js';
import { SerializedJson } from '../../routes/serialized-json.js';
import type { EventRecord } from '../../store/records.js';

export function toEvent(event: EventRecord): Event {
  // Records are never changed once written (an event is not edited, only removed whole), so the wire
  // shape shares their parts instead of copying them: a page of 50 events allocates 50 objects, not 300.
  return {
    id: event.id,
    createdAt: event.createdAt,
    action: event.action,
    actor: event.actor,
    client: event.client,
    requestId: event.requestId,
    project: event.project,
    environment: event.environment,
    resource: event.resource,
    changes: event.changes as Event['changes'],
  };
}

/**
 * An event's JSON never changes, so it is made once: the newest events (those pages show most) are kept
 * as text, at most `cachedEvents` of them (about 10 MB), keyed by its id: an event read from disk or
 * from the database is a new object at every read, the same event all the same.
 */
const cachedEvents = 20_000;
const eventText = new Map<string, string>();

function eventJson(event: EventRecord): string {
  let text = eventText.get(event.id);
  if (text === undefined) {
    text = JSON.stringify(toEvent(event));
    if (eventText.size >= cachedEvents) eventText.delete(eventText.keys().next().value as string);
    eventText.set(event.id, text);
  }
  return text;
}

/** The log has no create operation: the envelope's `_actions` is empty (§6). Built from cached text. */
export function toEventPage(page: Page<EventRecord>): SerializedJson<EventPage> {
  const items = page.items.map(eventJson).join(',');
  return new SerializedJson(
    `{"items":[${items}],"next_cursor":${JSON.stringify(page.next_cursor)},"_actions":{}}`,
  );
}
