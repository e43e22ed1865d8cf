/**
 * Events (§19) in words, for `flagplane log` and the plan's drift attribution: who (an email, else a
 * name), when (relative to now), with what client, and what changed. Ids an event carries where a
 * person knows a name (an SDK key, a rule, `rules.0.variationId`) are shown by the names the SDK's
 * `findEventNames` found; an id is shown only for what no longer exists.
 */
import type { Event } from '@flagplane/contract';
import { type EventNames, idKindOfPath } from '@flagplane/sdk/names';
import { displayValue } from './display-value.js';

const noNames: EventNames = new Map();

/** `3 min ago`, `2 h ago`, `5 days ago`: precise enough to recognise a change, short enough for a line. */
export function timeAgo(isoDateTime: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(isoDateTime)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

export function actorName(event: Event): string {
  return event.actor.email ?? event.actor.name ?? `${event.actor.kind} ${event.actor.id}`;
}

/** `mel@acme.test 2 h ago via curl/8.5` */
export function eventOrigin(event: Event, now: number = Date.now()): string {
  const via = event.client ? ` via ${event.client}` : '';
  return `${actorName(event)} ${timeAgo(event.createdAt, now)}${via}`;
}

/** The changed resource as a person names it; an event names its flag only through the resource. */
export function eventResource(event: Event, names: EventNames = noNames): string {
  const project = event.project?.key ?? '';
  const environment = event.environment?.key ?? '';
  const key = event.resource.key ?? names.get(event.resource.id) ?? event.resource.id;
  switch (event.resource.kind) {
    case 'Project':
      return `project ${key}`;
    case 'Environment':
      return `environment ${project}/${key}`;
    case 'Flag':
      return `flag ${project}/${key}`;
    case 'FlagEnvironment':
      return `configuration ${project}/${key}@${environment}`;
    case 'Variation':
      return `variation ${key} in ${project}`;
    case 'Rule':
      return `rule ${key} in ${project}@${environment}`;
    case 'Segment':
      return `segment ${project}/${key}`;
    case 'SdkKey':
      return `SDK key ${key} in ${project}@${environment}`;
  }
}

/** One side of a change: an id by its name (`off`, `beta-testers`), any other value as displayValue. */
function sideText(path: string, value: unknown, names: EventNames): string {
  if (typeof value === 'string' && idKindOfPath(path) !== null) return names.get(value) ?? value;
  return displayValue(path, value);
}

/** One line per changed property: `isEnabled: true → false`, `tags.0: + "beta"`, `name: - "Old"`. */
export function eventChangeLines(event: Event, maximum = 12, names: EventNames = noNames): string[] {
  // `rules: []` removed when `rules.0.…` were added says nothing the added lines do not.
  const shown = event.changes.filter(
    (change) =>
      'after' in change ||
      !event.changes.some((other) => other !== change && other.path.startsWith(`${change.path}.`)),
  );
  const lines = shown.slice(0, maximum).map((change) => {
    const side = (value: unknown) => sideText(change.path, value, names);
    if (!('before' in change)) return `${change.path}: + ${side(change.after)}`;
    if (!('after' in change)) return `${change.path}: - ${side(change.before)}`;
    return `${change.path}: ${side(change.before)} → ${side(change.after)}`;
  });
  const more = shown.length - maximum;
  if (more > 0) lines.push(`… and ${more} more`);
  return lines;
}
