/**
 * The PostgreSQL store's cold events (cold-events.ts): every committed event is read from
 * `flagplane_events` by SQL, none is loaded into memory. A page walks the narrowest index the filter
 * allows (by flag, project or organization, each `(…, id)`: newest first is an index scan backwards)
 * and tests the other conditions row by row, as the memory index does (event-filter.ts says which events
 * a filter keeps; this says the same in SQL). Memory keeps only the events of the batch being committed.
 */
import type { ColdEvents } from '../cold-events.js';
import type { EventFilter } from '../event-filter.js';
import type { EventRecord } from '../records.js';
import type { Queryable } from './database.js';

export class PostgresEvents implements ColdEvents {
  readonly #database: Queryable;

  constructor(database: Queryable) {
    this.#database = database;
  }

  async page(filter: EventFilter, beforeId: string | null, limit: number): Promise<EventRecord[]> {
    const { text, values } = pageQuery(filter, beforeId, limit);
    const rows = await this.#database.query<{ record: EventRecord }>(text, values);
    return rows.map((row) => row.record);
  }

  async oldest(before: string, limit: number): Promise<string[]> {
    const rows = await this.#database.query<{ id: string }>(
      'SELECT id FROM flagplane_events WHERE created_at < $1::timestamptz ORDER BY created_at, id LIMIT $2',
      [before, limit],
    );
    return rows.map((row) => row.id);
  }

  /** The removal is a row of the batch's changes; the database says whether there was such an event. */
  remove(): boolean {
    return true;
  }

  restore(): void {}

  /** A `replace` writes the whole log anew in the database (postgres-copy.ts). */
  clear(): () => void {
    return () => {};
  }
}

/** The SQL of one page of `filter`, with its parameters. */
export function pageQuery(
  filter: EventFilter,
  beforeId: string | null,
  limit: number,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  const conditions = [`organization_id = ${parameter(filter.organizationId)}`];
  if (filter.projectId !== undefined) conditions.push(`project_id = ${parameter(filter.projectId)}`);
  if (filter.flagId !== undefined) conditions.push(`flag_id = ${parameter(filter.flagId)}`);
  if (filter.flagIds !== undefined) conditions.push(`flag_id = ANY(${parameter(filter.flagIds)}::text[])`);
  if (filter.flagKey !== undefined) conditions.push(`record->'flag'->>'key' = ${parameter(filter.flagKey)}`);
  if (filter.environment !== undefined) {
    conditions.push(
      'id' in filter.environment
        ? `record->'environment'->>'id' = ${parameter(filter.environment.id)}`
        : `record->'environment'->>'key' = ${parameter(filter.environment.key)}`,
    );
  }
  if (filter.resourceKind !== undefined)
    conditions.push(`record->'resource'->>'kind' = ${parameter(filter.resourceKind)}`);
  if (filter.action !== undefined) conditions.push(`record->>'action' = ${parameter(filter.action)}`);
  if (filter.actor !== undefined) {
    const actor = parameter(filter.actor);
    conditions.push(`(record->'actor'->>'id' = ${actor} OR record->'actor'->>'email' = ${actor})`);
  }
  // Compared as the text the events carry, byte by byte, as the memory index compares them.
  if (filter.since !== undefined)
    conditions.push(`(record->>'createdAt') COLLATE "C" >= ${parameter(filter.since)}`);
  if (filter.until !== undefined)
    conditions.push(`(record->>'createdAt') COLLATE "C" < ${parameter(filter.until)}`);
  if (filter.projectKeys !== undefined && filter.projectKeys !== null) {
    conditions.push(
      `(project_id IS NULL OR record->'project'->>'key' = ANY(${parameter(filter.projectKeys)}::text[]))`,
    );
  }
  // Ids are lowercase UUIDs of one shape, which every collation orders as their bytes: the index's order.
  if (beforeId !== null) conditions.push(`id < ${parameter(beforeId)}`);
  return {
    text: `SELECT record FROM flagplane_events WHERE ${conditions.join(' AND ')} ORDER BY id DESC LIMIT ${parameter(limit)}`,
    values,
  };
}
