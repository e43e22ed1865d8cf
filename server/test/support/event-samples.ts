/**
 * Events to check a store's §19 queries with (the file store's disk index, PostgreSQL's SQL) against the
 * memory store's, which the black-box tests check: a deterministic spread over organizations, projects,
 * flags, environments, actors, kinds and times, and every kind of filter.
 */
import { expect } from 'vitest';
import type { EventFilter } from '../../src/store/event-filter.js';
import type { EventRecord } from '../../src/store/records.js';
import type { Store } from '../../src/store/store.js';

/** A deterministic spread of events over 2 organizations, 3 projects, 4 flags, actors and kinds. */
export function events(count: number, options: { readonly backwardsAt?: number } = {}): EventRecord[] {
  const all: EventRecord[] = [];
  for (let n = 1; n <= count; n++) {
    // Past `backwardsAt` the clock was set back an hour: ids no longer follow the order of writing.
    const at =
      Date.UTC(2026, 10, 1) + n * 60_000 - (options.backwardsAt && n > options.backwardsAt ? 3_600_000 : 0);
    const time = at.toString(16).padStart(12, '0');
    const id = `${time.slice(0, 8)}-${time.slice(8)}-7000-8000-${n.toString(16).padStart(12, '0')}`;
    const project = n % 7 === 0 ? null : { id: `p${n % 3}`, key: `project-${n % 3}` };
    const flag = project && n % 5 !== 0 ? { id: `f${n % 4}`, key: `flag-${n % 4}` } : null;
    all.push({
      id,
      organizationId: n % 11 === 0 ? 'o2' : 'o1',
      // Now and then a time in a form toISOString would not write: the index must read that event.
      createdAt:
        n % 13 === 0 ? new Date(at).toISOString().replace('Z', '+00:00') : new Date(at).toISOString(),
      action: n % 2 === 0 ? 'toggleFlag' : 'updateFlag',
      actor:
        n % 3 === 0
          ? { kind: 'ServiceToken', id: 't1', name: 'bot', email: null }
          : { kind: 'User', id: `u${n % 2}`, name: 'Mel', email: `mel${n % 2}@acme.test` },
      client: n % 4 === 0 ? null : 'flagplane-cli/0.3.0',
      requestId: `req-${n}`,
      project,
      environment: project && n % 2 === 0 ? { id: 'e1', key: 'production' } : null,
      flag,
      resource: flag
        ? { kind: 'FlagEnvironment', id: flag.id, key: flag.key }
        : { kind: 'Project', id: project?.id ?? 'x', key: project?.key ?? null },
      changes: [{ path: 'isEnabled', before: n % 2 === 0, after: n % 2 === 1 }],
    });
  }
  return all;
}

export const filters: EventFilter[] = [
  { organizationId: 'o1' },
  { organizationId: 'o2' },
  { organizationId: 'o1', projectId: 'p1' },
  { organizationId: 'o1', flagId: 'f2' },
  { organizationId: 'o1', projectId: 'p2', flagId: 'f2' },
  { organizationId: 'o1', flagIds: ['f1', 'f3'] },
  { organizationId: 'o1', flagKey: 'flag-0' },
  { organizationId: 'o1', environment: { key: 'production' } },
  { organizationId: 'o1', environment: { id: 'e1' }, resourceKind: 'FlagEnvironment' },
  { organizationId: 'o1', resourceKind: 'Project' },
  { organizationId: 'o1', action: 'toggleFlag', actor: 'mel0@acme.test' },
  { organizationId: 'o1', actor: 't1' },
  { organizationId: 'o1', since: '2026-11-01T00:40:00.000Z', until: '2026-11-01T01:10:00.000Z' },
  { organizationId: 'o1', projectKeys: ['project-1'] },
  { organizationId: 'o1', projectKeys: [] },
  { organizationId: 'nobody' },
  { organizationId: 'o1', flagId: 'no-such-flag' },
];

/** Every page of `filter`, `limit` at a time, following the last id like the cursor does. */
export async function allPages(store: Store, filter: EventFilter, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let before: string | null = null;
  for (;;) {
    const cursor: string | null = before;
    const page: EventRecord[] = await store.read((view) => view.eventPage(filter, cursor, limit));
    pages.push(page.map((event) => event.id));
    if (page.length < limit) return pages;
    before = (page[page.length - 1] as EventRecord).id;
  }
}

export async function expectSameAnswers(store: Store, reference: Store): Promise<void> {
  for (const filter of filters) {
    for (const limit of [1, 7, 200]) {
      expect(await allPages(store, filter, limit), JSON.stringify({ filter, limit })).toEqual(
        await allPages(reference, filter, limit),
      );
    }
  }
  const page = await store.read((view) => view.eventPage({ organizationId: 'o1' }, null, 5));
  const expected = await reference.read((view) => view.eventPage({ organizationId: 'o1' }, null, 5));
  expect(page).toEqual(expected); // whole records, read back from the segments
}

/** Writes `all` one commit each, as the server records them. */
export async function record(store: Store, all: readonly EventRecord[]): Promise<void> {
  for (const event of all) await store.write((tx) => tx.insert('events', event));
}
