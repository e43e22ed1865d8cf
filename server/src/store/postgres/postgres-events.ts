/**
 * The PostgreSQL store's cold events (cold-events.ts): every committed event is read from
 * `flagplane_events` by SQL, none is loaded into memory. A page walks the narrowest index the filter
 * allows (by flag, project or organization, each `(…, id)`: newest first is an index scan backwards)
 * and tests the other conditions row by row, as the memory index does (event-filter.ts says which events
 * a filter keeps; this says the same in SQL). Memory keeps only the events of the batch being committed,
 * and the events read lately, by id (events never change, so a copy is never stale; one removed since
 * is not in the page's ids any more).
 *
 * A page is two prepared statements (parsed and planned once per connection and filter shape): the ids
 * of the page, then the records of those not read lately. The ids of the pages read lately are kept too,
 * until the store learns of any change to the log (`changed`: this process's commits and every change
 * row it applies from the others, which a request applies before it is answered, and reloads): a page
 * asked again meanwhile is the same page, and costs no round trip.
 */
import { createHash } from 'node:crypto';
import type { ColdEvents } from '../cold-events.js';
import type { EventFilter } from '../event-filter.js';
import type { EventRecord } from '../records.js';
import { asStoreError } from './connection-failure.js';
import type { Database, PreparedStatement } from './database.js';

/** Events kept from the pages read lately (a few MB). */
const recentEvents = 10_000;
/** Pages (their ids) kept until the log changes. */
const recentPages = 1_000;

const recordsById: PreparedStatement = {
  name: 'flagplane_events_by_id',
  text: 'SELECT record FROM flagplane_events WHERE id = ANY($1::text[])',
};

export class PostgresEvents implements ColdEvents {
  readonly #database: Database;
  readonly #recent = new Map<string, EventRecord>();
  /** Bumped by every change to the log this process learns of. */
  #version = 0;
  /** Filter, cursor and limit → the page's ids, as of `#pagesVersion`. */
  readonly #pages = new Map<string, readonly string[]>();
  #pagesVersion = 0;

  constructor(database: Database) {
    this.#database = database;
  }

  async page(filter: EventFilter, beforeId: string | null, limit: number): Promise<EventRecord[]> {
    try {
      return await this.#page(filter, beforeId, limit);
    } catch (error) {
      // The database out of reach is a 503 with Retry-After, as for writes, not a 500.
      throw asStoreError(error, 'reading the event log');
    }
  }

  changed(): void {
    this.#version++;
  }

  async #page(filter: EventFilter, beforeId: string | null, limit: number): Promise<EventRecord[]> {
    if (this.#pagesVersion !== this.#version) {
      this.#pages.clear();
      this.#pagesVersion = this.#version;
    }
    const key = JSON.stringify([filter, beforeId, limit]);
    let ids = this.#pages.get(key);
    if (ids === undefined) {
      const version = this.#version;
      const { text, values } = pageQuery(filter, beforeId, limit);
      const rows = await this.#database.execute<{ id: string }>(statementOf(text), values);
      ids = rows.map((row) => row.id);
      // Kept only if the log did not change while the query ran (it may or may not show that change).
      if (version === this.#version && version === this.#pagesVersion) {
        if (this.#pages.size >= recentPages) this.#pages.delete(this.#pages.keys().next().value as string);
        this.#pages.set(key, ids);
      }
    }
    const missing = ids.filter((id) => !this.#recent.has(id));
    if (missing.length > 0) {
      const records = await this.#database.execute<{ record: EventRecord }>(recordsById, [missing]);
      for (const { record } of records) this.#remember(record);
    }
    // An event removed between the two statements (retention) is left out, as it would be a moment later.
    return (ids as readonly string[]).flatMap((id) => {
      const event = this.#recent.get(id);
      return event === undefined ? [] : [event];
    });
  }

  #remember(event: EventRecord): void {
    if (this.#recent.size >= recentEvents) this.#recent.delete(this.#recent.keys().next().value as string);
    this.#recent.set(event.id, event);
  }

  async oldest(before: string, limit: number): Promise<string[]> {
    try {
      const rows = await this.#database.query<{ id: string }>(
        'SELECT id FROM flagplane_events WHERE created_at < $1::timestamptz ORDER BY created_at, id LIMIT $2',
        [before, limit],
      );
      return rows.map((row) => row.id);
    } catch (error) {
      throw asStoreError(error, 'reading the event log');
    }
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

/** One prepared statement per page query's text (per filter shape: a handful). */
const statements = new Map<string, PreparedStatement>();

function statementOf(text: string): PreparedStatement {
  let statement = statements.get(text);
  if (statement === undefined) {
    const name = `flagplane_events_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    statement = { name, text };
    statements.set(text, statement);
  }
  return statement;
}

/** The SQL of the ids of one page of `filter`, newest first, with its parameters. */
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
    text: `SELECT id FROM flagplane_events WHERE ${conditions.join(' AND ')} ORDER BY id DESC LIMIT ${parameter(limit)}`,
    values,
  };
}
