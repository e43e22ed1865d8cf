/**
 * §19: reading the event log. Filters name things by key or id; one that names nothing matches nothing
 * (never a 404: a flag deleted long ago still has its history). The query becomes the store's filter
 * (event-filter.ts): a flag or project that resolves walks the log's index for it, everything else is
 * tested event by event on the way, in memory, on disk or in SQL.
 */
import { isUuid } from '@flagplane/contract';
import { canSeeProject, type Principal } from '../../access/principal.js';
import { decodeCursor, encodeCursor } from '../../pagination/cursor.js';
import type { Page } from '../../pagination/paginate.js';
import type { QueryOf } from '../../routes/operation-handler.js';
import type { EventFilter } from '../../store/event-filter.js';
import type { EventRecord, OrganizationRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';

type EventQuery = QueryOf<'listEvents'>;

export async function listEvents(
  store: StoreView,
  org: OrganizationRecord,
  principal: Principal,
  query: EventQuery,
): Promise<Page<EventRecord>> {
  const listId = `events:${org.id}`;
  const beforeId = query.cursor ? String(decodeCursor(store.cursorSecret, listId, query.cursor)[0]) : null;
  const filter = eventFilterOf(store, org, principal, query);
  if (filter === null) return emptyPage();
  const found = await store.eventPage(filter, beforeId, query.limit + 1);
  const items = found.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items,
    next_cursor:
      found.length > query.limit && last ? encodeCursor(store.cursorSecret, listId, [last.id]) : null,
  };
}

/** The query as the store's filter (event-filter.ts), or null when it can match nothing. */
function eventFilterOf(
  store: StoreView,
  org: OrganizationRecord,
  principal: Principal,
  query: EventQuery,
): EventFilter | null {
  let projectId: string | undefined;
  if (query.project !== undefined) {
    const project = findProject(store, org, query.project);
    if (!project || !canSeeProject(principal, project)) return null;
    projectId = project.id;
  }
  let flag: Pick<EventFilter, 'flagId' | 'flagIds' | 'flagKey'> = {};
  if (query.flag !== undefined) {
    const flags = flagIdsNamed(store, org, projectId, query.flag);
    // A flag no live flag is named after any more (deleted): its events by the key they recorded.
    if (flags.length === 0) flag = { flagKey: query.flag };
    else if (flags.length === 1) flag = { flagId: flags[0] };
    else flag = { flagIds: flags };
  }
  let environment: EventFilter['environment'];
  if (query.environment !== undefined) {
    if (query.environment === '') return null;
    environment = isUuid(query.environment)
      ? { id: query.environment.toLowerCase() }
      : { key: query.environment };
  }
  const since = query.since === undefined ? undefined : timeBound(query.since);
  const until = query.until === undefined ? undefined : timeBound(query.until);
  if (since === 'after every event' || until === 'before every event') return null;
  return {
    organizationId: org.id,
    projectId,
    ...flag,
    environment,
    resourceKind: query.resourceKind,
    action: query.action,
    actor: query.actor,
    since: since === 'before every event' ? undefined : since,
    until: until === 'after every event' ? undefined : until,
    projectKeys: principal.type === 'user' ? null : principal.token.projectScope,
  };
}

/**
 * A `since` or `until` instant in the form events carry (§16), which sorts as time. The years 0000–9999
 * have that form; the contract writes an instant outside them (a date-time near either end with an
 * offset) as `-000001-…` or `+010000-…`: before or after every event.
 */
function timeBound(bound: string): string | 'before every event' | 'after every event' {
  if (bound.startsWith('-')) return 'before every event';
  if (bound.startsWith('+')) return 'after every event';
  return bound;
}

function emptyPage(): Page<EventRecord> {
  return { items: [], next_cursor: null };
}

function findProject(store: StoreView, org: OrganizationRecord, value: string): ProjectRecord | undefined {
  if (isUuid(value)) {
    const project = store.get('projects', value.toLowerCase());
    return project?.organizationId === org.id ? project : undefined;
  }
  return store.findByKey('projects', org.id, value);
}

/** The ids of the live flags a value names: by id, or by key in the project (or in every project). */
function flagIdsNamed(
  store: StoreView,
  org: OrganizationRecord,
  projectId: string | undefined,
  value: string,
): string[] {
  if (isUuid(value)) return [value.toLowerCase()];
  const projects = projectId ? [projectId] : store.children('projects', org.id).map((project) => project.id);
  return projects.flatMap((id) => {
    const flag = store.findByKey('flags', id, value);
    return flag ? [flag.id] : [];
  });
}
