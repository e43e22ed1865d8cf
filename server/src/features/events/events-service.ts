/**
 * §19: reading the event log. Filters name things by key or id; one that names nothing matches nothing
 * (never a 404: a flag deleted long ago still has its history). A flag or project that resolves uses the
 * log's index for it; everything else is tested event by event on the way (event-index.ts).
 */
import { isUuid } from '@flagplane/contract';
import { canSeeProject, type Principal } from '../../access/principal.js';
import { decodeCursor, encodeCursor } from '../../pagination/cursor.js';
import type { Page } from '../../pagination/paginate.js';
import type { QueryOf } from '../../routes/operation-handler.js';
import type { EventRecord, OrganizationRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';

type EventQuery = QueryOf<'listEvents'>;
type EventTest = (event: EventRecord) => boolean;

const matchesNothing: EventTest = () => false;

export function listEvents(
  store: StoreView,
  org: OrganizationRecord,
  principal: Principal,
  query: EventQuery,
): Page<EventRecord> {
  const listId = `events:${org.id}`;
  const beforeId = query.cursor ? String(decodeCursor(store.cursorSecret, listId, query.cursor)[0]) : null;
  const tests: EventTest[] = [];
  const visibleProject = (event: EventRecord) =>
    principal.type === 'user' ||
    event.project === null ||
    principal.token.projectScope === null ||
    principal.token.projectScope.includes(event.project.key);
  tests.push(visibleProject);

  let projectId: string | undefined;
  if (query.project !== undefined) {
    const project = findProject(store, org, query.project);
    if (!project || !canSeeProject(principal, project)) return emptyPage();
    projectId = project.id;
  }
  let flagId: string | undefined;
  if (query.flag !== undefined) {
    const flags = flagIdsNamed(store, org, projectId, query.flag);
    if (flags.length === 1) flagId = flags[0];
    else
      tests.push(
        flags.length === 0 ? byFlagKey(query.flag) : (event) => flags.includes(event.flag?.id ?? ''),
      );
  }
  if (query.environment !== undefined) tests.push(byReference('environment', query.environment));
  if (query.resourceKind !== undefined) tests.push((event) => event.resource.kind === query.resourceKind);
  if (query.action !== undefined) tests.push((event) => event.action === query.action);
  if (query.actor !== undefined) {
    const actor = query.actor;
    tests.push(
      (event) => event.actor.id === actor || (event.actor.email !== null && event.actor.email === actor),
    );
  }
  if (query.since !== undefined) tests.push(createdAtTest('since', query.since));
  if (query.until !== undefined) tests.push(createdAtTest('until', query.until));

  const found = store.eventPage(
    { organizationId: org.id, projectId, flagId, matches: (event) => tests.every((test) => test(event)) },
    beforeId,
    query.limit + 1,
  );
  const items = found.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items,
    next_cursor:
      found.length > query.limit && last ? encodeCursor(store.cursorSecret, listId, [last.id]) : null,
  };
}

/**
 * `since` (at or after) or `until` (before) an instant in the form events carry (§16), which sorts as
 * time. The years 0000–9999 have that form; the contract writes an instant outside them (a date-time near
 * either end with an offset) as `-000001-…` or `+010000-…`: before or after every event.
 */
function createdAtTest(side: 'since' | 'until', bound: string): EventTest {
  const beforeEvery = bound.startsWith('-');
  const afterEvery = bound.startsWith('+');
  const every: EventTest = () => true;
  if (side === 'since')
    return afterEvery ? matchesNothing : beforeEvery ? every : (event) => event.createdAt >= bound;
  return beforeEvery ? matchesNothing : afterEvery ? every : (event) => event.createdAt < bound;
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

/** A flag no live flag is named after any more (deleted): its events by the key they recorded. */
function byFlagKey(key: string): EventTest {
  return (event) => event.flag?.key === key;
}

function byReference(property: 'environment', value: string): EventTest {
  if (value === '') return matchesNothing;
  const id = isUuid(value) ? value.toLowerCase() : null;
  return (event) => {
    const reference = event[property];
    return reference !== null && (id !== null ? reference.id === id : reference.key === value);
  };
}
