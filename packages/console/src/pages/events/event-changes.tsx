/**
 * What one event changed, readable at a glance: one line per changed top-level property (`isEnabled:
 * false → true`, `rules: 3 changes`), and every dotted path with its before and after in a <details>.
 * §19's `changes` are leaves: a creation has only `after`, a deletion only `before` (JSON has no
 * undefined, so an undefined side is an absent one; `null` is a value). An id of a variation, a segment or
 * a rule shows as its name (the SDK's `findEventNames`), or as a short id when it is gone.
 */
import type { Event } from '@flagplane/sdk';
import { type EventNames, idKindOfPath } from '@flagplane/sdk/names';
import { shortId } from '../../names/short-id.js';

type Change = Event['changes'][number];

/** A value as one short line: JSON text (so strings show their quotes), cut when long. */
export function shortValue(value: unknown, maximum = 60): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > maximum ? `${text.slice(0, maximum - 1)}…` : text;
}

/** One side of a change: an id at an id's path as its name (or short id), anything else as `shortValue`. */
function sideText(path: string, value: unknown, names: EventNames, maximum: number): string {
  if (typeof value === 'string' && idKindOfPath(path) !== null) return names.get(value) ?? shortId(value);
  return shortValue(value, maximum);
}

interface PropertyChange {
  readonly property: string;
  readonly changes: readonly Change[];
}

/** The changes grouped by their top-level property, in the order the event lists them. */
function byProperty(changes: readonly Change[]): PropertyChange[] {
  const groups = new Map<string, Change[]>();
  for (const change of changes) {
    const property = change.path.split('.')[0] ?? change.path;
    const group = groups.get(property) ?? [];
    group.push(change);
    groups.set(property, group);
  }
  return [...groups].map(([property, grouped]) => ({ property, changes: grouped }));
}

/** One nested change, relative to its property: `+ "beta"` for a list element, `weight 50 → 70` otherwise. */
function nestedChange(change: Change, property: string, names: EventNames): string {
  const rest = change.path.slice(property.length + 1);
  const label = rest === '' || /^\d+$/.test(rest) ? '' : `${rest} `;
  const side = (value: unknown) => sideText(change.path, value, names, 30);
  if (change.before === undefined) return `${label}+ ${side(change.after)}`;
  if (change.after === undefined) return `${label}− ${side(change.before)}`;
  return `${label}${side(change.before)} → ${side(change.after)}`;
}

/** Nested changes shown one by one at most; more are counted (all are in the details). */
const inlineNestedChanges = 3;

/** `false → true` for a leaf property; its few nested changes, or how many, for a nested one. */
function summary({ property, changes }: PropertyChange, names: EventNames): string {
  const only = changes.length === 1 ? changes[0] : undefined;
  if (only && only.path === property) {
    const side = (value: unknown) => sideText(property, value, names, 60);
    if (only.before === undefined) return `set to ${side(only.after)}`;
    if (only.after === undefined) return `was ${side(only.before)}`;
    return `${side(only.before)} → ${side(only.after)}`;
  }
  // `tags: [] → ["beta"]` arrives as `tags` (was []) and `tags.0` (+ "beta"): the elements say it all.
  const nested = changes.filter((change) => change.path !== property);
  if (nested.length <= inlineNestedChanges)
    return nested.map((change) => nestedChange(change, property, names)).join(', ');
  return countedByElement(nested, property);
}

/** Many nested changes, counted by the element they are in: `rules: 1 added, 2 changed`. */
function countedByElement(nested: readonly Change[], property: string): string {
  const elements = new Map<string, Change[]>();
  for (const change of nested) {
    const element = change.path.slice(property.length + 1).split('.')[0] ?? '';
    elements.set(element, [...(elements.get(element) ?? []), change]);
  }
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const changes of elements.values()) {
    if (changes.every((change) => change.before === undefined)) added += 1;
    else if (changes.every((change) => change.after === undefined)) removed += 1;
    else changed += 1;
  }
  return [added && `${added} added`, changed && `${changed} changed`, removed && `${removed} removed`]
    .filter(Boolean)
    .join(', ');
}

/** Shown inline at most; the rest are counted, and all are in the details. */
const inlineProperties = 4;

export function EventChanges({ event, names }: { readonly event: Event; readonly names: EventNames }) {
  const { changes } = event;
  if (changes.length === 0) return <span class="muted">No property changed</span>;
  const created = changes.every((change) => change.before === undefined);
  const deleted = changes.every((change) => change.after === undefined);
  const properties = byProperty(changes);
  return (
    <div class="event-changes">
      {created && <p>Created</p>}
      {deleted && <p>Deleted</p>}
      {!created && !deleted && (
        <ul class="event-change-summary">
          {properties.slice(0, inlineProperties).map((entry) => (
            <li key={entry.property}>
              <code>{entry.property}</code>: {summary(entry, names)}
            </li>
          ))}
          {properties.length > inlineProperties && (
            <li class="muted">and {properties.length - inlineProperties} more properties</li>
          )}
        </ul>
      )}
      <details>
        <summary>
          {changes.length} changed {changes.length === 1 ? 'value' : 'values'}
        </summary>
        <table class="data event-change-details">
          <thead>
            <tr>
              <th scope="col">Property</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.path}>
                <td>
                  <code>{change.path}</code>
                </td>
                <td data-label="Before">
                  <code>{sideText(change.path, change.before, names, 200)}</code>
                </td>
                <td data-label="After">
                  <code>{sideText(change.path, change.after, names, 200)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
