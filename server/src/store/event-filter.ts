/**
 * What a §19 query asks of the event log, as data rather than as a function: the memory index
 * (event-index.ts), the file store's index of its segments (file/event-disk-index.ts) and PostgreSQL's
 * SQL (postgres/postgres-events.ts) each answer the same filter, so all three give the same pages.
 * `eventMatches` is the one definition of which events a filter keeps; the SQL says the same in SQL.
 */
import type { EventRecord } from './records.js';

/**
 * The fields of an event a filter looks at. The file store's index keeps exactly these for every event,
 * so it tests filters without reading the event from disk.
 */
export type EventSummary = Pick<
  EventRecord,
  'organizationId' | 'createdAt' | 'action' | 'project' | 'environment' | 'flag'
> & {
  readonly actor: { readonly id: string; readonly email: string | null };
  readonly resource: { readonly kind: string };
};

export interface EventFilter {
  readonly organizationId: string;
  /** Only this project's events (the narrower list walked when there is no flag). */
  readonly projectId?: string | undefined;
  /** Only this flag's events (the narrowest list walked). */
  readonly flagId?: string | undefined;
  /** Only the events of one of these flags (a key several projects' live flags share). */
  readonly flagIds?: readonly string[] | undefined;
  /** Only the events that recorded this flag key (a flag no live flag is named after any more). */
  readonly flagKey?: string | undefined;
  readonly environment?: { readonly id: string } | { readonly key: string } | undefined;
  readonly resourceKind?: string | undefined;
  readonly action?: string | undefined;
  /** The actor's id or email. */
  readonly actor?: string | undefined;
  /** Created at or after this instant (an ISO date-time in the events' own form: it sorts as time). */
  readonly since?: string | undefined;
  /** Created before this instant. */
  readonly until?: string | undefined;
  /** A scoped service token: only events without a project or of one of these project keys. */
  readonly projectKeys?: readonly string[] | null | undefined;
}

/** The narrowest of an index's lists that holds every event `filter` can match: by flag, else project, else organization. */
export function narrowestList<L>(
  filter: EventFilter,
  lists: {
    readonly byFlag: ReadonlyMap<string, L>;
    readonly byProject: ReadonlyMap<string, L>;
    readonly byOrganization: ReadonlyMap<string, L>;
  },
): L | undefined {
  if (filter.flagId) return lists.byFlag.get(filter.flagId);
  if (filter.projectId) return lists.byProject.get(filter.projectId);
  return lists.byOrganization.get(filter.organizationId);
}

/** Whether `event` passes every condition of `filter`. */
export function eventMatches(filter: EventFilter, event: EventSummary): boolean {
  if (event.organizationId !== filter.organizationId) return false;
  if (filter.projectId !== undefined && event.project?.id !== filter.projectId) return false;
  if (filter.flagId !== undefined && event.flag?.id !== filter.flagId) return false;
  if (filter.flagIds !== undefined && !filter.flagIds.includes(event.flag?.id ?? '')) return false;
  if (filter.flagKey !== undefined && event.flag?.key !== filter.flagKey) return false;
  if (filter.environment !== undefined) {
    const environment = event.environment;
    if (environment === null) return false;
    if (
      'id' in filter.environment
        ? environment.id !== filter.environment.id
        : environment.key !== filter.environment.key
    )
      return false;
  }
  if (filter.resourceKind !== undefined && event.resource.kind !== filter.resourceKind) return false;
  if (filter.action !== undefined && event.action !== filter.action) return false;
  if (
    filter.actor !== undefined &&
    event.actor.id !== filter.actor &&
    (event.actor.email === null || event.actor.email !== filter.actor)
  )
    return false;
  if (filter.since !== undefined && event.createdAt < filter.since) return false;
  if (filter.until !== undefined && event.createdAt >= filter.until) return false;
  if (
    filter.projectKeys !== undefined &&
    filter.projectKeys !== null &&
    event.project !== null &&
    !filter.projectKeys.includes(event.project.key)
  )
    return false;
  return true;
}

/** Merges pages (each newest first, ids unique within it) into one of at most `limit`, newest first. */
export function mergeEventPages(pages: readonly (readonly EventRecord[])[], limit: number): EventRecord[] {
  const nonEmpty = pages.filter((page) => page.length > 0);
  if (nonEmpty.length <= 1) return (nonEmpty[0] ?? []).slice(0, limit);
  const seen = new Set<string>();
  const merged: EventRecord[] = [];
  for (const event of nonEmpty.flat().sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))) {
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    merged.push(event);
    if (merged.length === limit) break;
  }
  return merged;
}
