/**
 * One page of the event log as a table: when, who, what, on which resource, where, and the change. A
 * resource without a key (an SDK key, a rule) is named by its name (the SDK's `findEventNames`).
 */
import type { Event } from '@flagplane/sdk';
import type { EventNames } from '@flagplane/sdk/names';
import { DateTime } from '../../components/date-time.js';
import { NameOrId } from '../../names/short-id.js';
import { consolePaths } from '../../signed-in/console-paths.js';
import { EventChanges } from './event-changes.js';
import { resourceKindLabels } from './event-filters.js';

export interface EventTableProps {
  readonly org: string;
  readonly events: readonly Event[];
  /** Names of the ids the events carry. */
  readonly names: EventNames;
  /** Organization-wide, each resource names its project too. */
  readonly showProject: boolean;
  /** The log's address filtered by one more value: "this actor's events", "this action's events". */
  readonly filteredHref: (filter: 'actor' | 'action', value: string) => string;
}

/** The flag a flag event or a flag configuration event is about (its key is the flag's), unless deleted. */
function flagHref(org: string, event: Event): string | null {
  const { resource, project } = event;
  if (resource.kind !== 'Flag' && resource.kind !== 'FlagEnvironment') return null;
  if (event.action === 'deleteFlag' || !project) return null;
  return consolePaths.flag(org, project.key ?? project.id, resource.key ?? resource.id);
}

function ResourceCell({
  org,
  event,
  names,
  showProject,
}: {
  readonly org: string;
  readonly event: Event;
  readonly names: EventNames;
  readonly showProject: boolean;
}) {
  const { resource, project } = event;
  const name = <NameOrId id={resource.id} name={resource.key ?? names.get(resource.id)} />;
  const href = flagHref(org, event);
  return (
    <>
      <span class="muted">{resourceKindLabels[resource.kind]}</span>{' '}
      {href ? (
        <a href={href}>
          <code>{name}</code>
        </a>
      ) : (
        <code>{name}</code>
      )}
      {showProject && project && resource.kind !== 'Project' && (
        <span class="muted">
          {' '}
          in{' '}
          <a href={consolePaths.projectEvents(org, project.key ?? project.id)}>
            <code>{project.key ?? project.id}</code>
          </a>
        </span>
      )}
    </>
  );
}

function ActorCell({
  event,
  filteredHref,
}: {
  readonly event: Event;
  readonly filteredHref: EventTableProps['filteredHref'];
}) {
  const { actor } = event;
  const name = actor.name ?? actor.email ?? actor.id;
  return (
    <>
      <a href={filteredHref('actor', actor.email ?? actor.id)} title={`Only the events of ${name}`}>
        {name}
      </a>
      {actor.email && actor.email !== name && <div class="muted">{actor.email}</div>}
      <div class="muted">
        {actor.kind === 'ServiceToken' ? 'service token' : 'user'}
        {event.client && <> · via {event.client}</>}
      </div>
    </>
  );
}

export function EventTable({ org, events, names, showProject, filteredHref }: EventTableProps) {
  return (
    <table class="data event-log">
      <caption class="visually-hidden">Events, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Actor</th>
          <th scope="col">Action</th>
          <th scope="col">Resource</th>
          <th scope="col">Environment</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td>
              <DateTime value={event.createdAt} />
            </td>
            <td data-label="Actor">
              <ActorCell event={event} filteredHref={filteredHref} />
            </td>
            <td data-label="Action">
              <a href={filteredHref('action', event.action)} title={`Only ${event.action} events`}>
                <code>{event.action}</code>
              </a>
            </td>
            <td data-label="Resource">
              <ResourceCell org={org} event={event} names={names} showProject={showProject} />
            </td>
            <td data-label="Environment">
              {event.environment ? (
                <code>{event.environment.key ?? event.environment.id}</code>
              ) : (
                <span class="muted">—</span>
              )}
            </td>
            <td data-label="Change">
              <EventChanges event={event} names={names} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
