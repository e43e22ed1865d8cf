/**
 * The event log's filters (§19) as the address holds them (`?flag=new-checkout&since=…`): read from the
 * query, turned into the API's query, and written back into an address. The address is the one source
 * of truth, so a link opens the log filtered and the browser's back button undoes a filter.
 */

import type { EventResourceKind } from '@flagplane/contract';
import type { EventListParams } from '@flagplane/sdk';

/** Every filter the form offers, by its name in the address and in the API's query. */
export const filterNames = [
  'project',
  'flag',
  'environment',
  'actor',
  'action',
  'resourceKind',
  'since',
  'until',
] as const;
export type FilterName = (typeof filterNames)[number];

/** The filters as text, exactly as the address gives them ('' when absent). */
export type EventFilters = Readonly<Record<FilterName, string>>;

/** What a person reads in the kind select, for each kind the API knows (a Record, so none is forgotten). */
export const resourceKindLabels: Readonly<Record<EventResourceKind, string>> = {
  Project: 'Project',
  Environment: 'Environment',
  Flag: 'Flag',
  Variation: 'Variation',
  FlagEnvironment: 'Flag configuration',
  Rule: 'Targeting rule',
  Segment: 'Segment',
  SdkKey: 'SDK key',
};

export function filtersFromQuery(query: Readonly<Record<string, string>>): EventFilters {
  return Object.fromEntries(filterNames.map((name) => [name, (query[name] ?? '').trim()])) as EventFilters;
}

/**
 * The API's query. Values are passed as the address gives them, even one the API will refuse (a
 * `resourceKind` that is no kind, a `since` that is no date-time): its 400 names the field, which the
 * form shows next to the input, rather than the console silently dropping a filter.
 */
export function apiQuery(filters: EventFilters, cursor: string | undefined): EventListParams {
  const query: Record<string, string> = {};
  for (const name of filterNames) if (filters[name] !== '') query[name] = filters[name];
  if (cursor) query.cursor = cursor;
  return query as EventListParams;
}

/** The log's address with these filters (and a cursor for an older page); empty filters are left out. */
export function eventsAddress(
  basePath: string,
  filters: Partial<EventFilters>,
  cursor?: string | null,
): string {
  const params = new URLSearchParams();
  for (const name of filterNames) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return search === '' ? basePath : `${basePath}?${search}`;
}

/**
 * An API date-time (`2024-05-01T08:30:00.000Z`) as a `datetime-local` value in UTC, the time zone every
 * date-time of the console is shown in (components/date-time.tsx): `2024-05-01T08:30:00`. Null when it is
 * not a date-time (a hand-written address).
 */
export function toUtcInput(isoDateTime: string): string | null {
  if (isoDateTime === '') return '';
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 19);
}

/**
 * A `datetime-local` value read as UTC (seconds optional) as the API's date-time: with milliseconds and
 * `Z`, the only form §16 accepts. Text that is no date-time goes as it is, for the API to refuse.
 */
export function fromUtcInput(inputValue: string): string {
  if (inputValue === '') return '';
  const date = new Date(`${inputValue}Z`);
  return Number.isNaN(date.getTime()) ? inputValue : date.toISOString();
}
