/**
 * Drift attribution: for each property a plan would change on a resource that exists, the last event
 * (§19) that changed that property live, so that a plan can say who changed it, when and with what
 * client. One events query per drifted resource (a flag: one for its own events, one for its
 * variations'), newest first, stopping as soon as every drifted property
 * has its event (or after `maxEvents` events): an index lookup on the server, not a scan of the log.
 */
import type { Event, EventChange } from '@flagplane/contract';
import type { EventListParams, FlagplaneClient } from '@flagplane/sdk';
import { concurrencyLimit } from '../execute/concurrency-limit.js';
import type { LiveState } from '../live/live-state.js';
import type { Plan, PlannedChange } from '../plan/plan.js';

/** Change id → property → the last event that changed it. Properties without a known event are absent. */
export type DriftAttributions = ReadonlyMap<string, ReadonlyMap<string, Event>>;

export interface DriftAttributionResult {
  readonly attributions: DriftAttributions;
  /** Why some resources have no attribution (the events could not be read), if any. */
  readonly unavailable?: string;
}

export interface DriftAttributionOptions {
  readonly concurrency?: number;
  /** Events read per resource at most, before giving up on its older changes. */
  readonly maxEvents?: number;
}

/** Where to look for a planned change's events, and which of them changed a given property. */
interface EventSearch {
  readonly query: EventListParams;
  /** The properties whose events this query finds (default: all of the change's). */
  readonly covers?: (property: string) => boolean;
  changed(event: Event, property: string): boolean;
}

/** The plan's names of a configuration's properties, in the read shape the events use. */
const configurationPaths: Readonly<Record<string, string>> = {
  enabled: 'isEnabled',
  defaultVariation: 'defaultVariationId',
  strategy: 'strategy',
  percentageRollout: 'percentageRollout',
  prerequisites: 'prerequisites',
  rules: 'rules',
};

/**
 * A creation lists every property it left empty too (`managedBy: null`, no description): nobody set those,
 * so a plan that fills one in (a first `managedBy` claim after `flagplane export`: an adoption) must not
 * blame the request that created the resource.
 */
const leftEmptyAtCreation = (change: EventChange) => change.before === undefined && change.after === null;

const touches = (event: Event, path: string) =>
  event.changes.some(
    (change) => !leftEmptyAtCreation(change) && (change.path === path || change.path.startsWith(`${path}.`)),
  );

/**
 * The query for a change's events, by the ids of the resources that exist now: events of an older
 * resource of the same key (deleted, then created again) are about something else.
 */
function searchFor(change: PlannedChange, live: LiveState): EventSearch | readonly EventSearch[] | undefined {
  const project = live.projects.get(change.project);
  if (!project) return undefined;
  const environmentId = (key: string | undefined) =>
    project.environments.find((environment) => environment.key === key)?.id;
  const flagId = (key: string | undefined) => project.flags.find((flag) => flag.key === key)?.id;
  switch (change.kind) {
    case 'project':
      return {
        query: { project: project.id, resourceKind: 'Project' },
        changed: (event, property) => event.resource.id === project.id && touches(event, property),
      };
    case 'environment': {
      const id = environmentId(change.resource);
      if (!id) return undefined;
      return {
        query: { project: project.id, environment: id, resourceKind: 'Environment' },
        changed: (event, property) => event.resource.id === id && touches(event, property),
      };
    }
    case 'segment': {
      const id = project.segments.find((segment) => segment.key === change.resource)?.id;
      if (!id) return undefined;
      return {
        query: { project: project.id, resourceKind: 'Segment' },
        changed: (event, property) => event.resource.id === id && touches(event, property),
      };
    }
    case 'flag': {
      const id = flagId(change.resource);
      if (!id) return undefined;
      // Two queries, by kind: a busy flag's toggles and rules never push its own older changes out of reach.
      const isVariation = (property: string) => property.startsWith('variations.');
      return [
        {
          query: { project: project.id, flag: id, resourceKind: 'Flag' },
          covers: (property) => !isVariation(property),
          changed: (event, property) => event.resource.id === id && touches(event, property),
        },
        {
          // `variations.<key>`: that variation's own events (its value, name or description).
          query: { project: project.id, flag: id, resourceKind: 'Variation' },
          covers: isVariation,
          changed: (event, property) => event.resource.key === property.slice('variations.'.length),
        },
      ];
    }
    case 'configuration': {
      // `<flag>@<environment>` (configurationResource): keys never contain `@`.
      const [flagKey, environmentKey] = change.resource.split('@');
      const [flag, environment] = [flagId(flagKey), environmentId(environmentKey)];
      if (!flag || !environment) return undefined;
      return {
        query: { project: project.id, flag, environment },
        changed: (event, property) => {
          if (event.environment?.id !== environment) return false;
          if (property === 'rules' && event.resource.kind === 'Rule') return true;
          const path = configurationPaths[property];
          return event.resource.kind === 'FlagEnvironment' && path !== undefined && touches(event, path);
        },
      };
    }
    default:
      // Variation deletions and SDK keys: a plan removes or creates them, no property drifts.
      return undefined;
  }
}

/**
 * Changes to resources that exist, with properties to explain: creations and removals have none, and
 * neither has the configuration of a flag or environment the plan creates (an `update` the plan gives a
 * reason, "new flag" or "new environment"): events of an older flag or environment of the same key would
 * be about something else.
 */
function driftedChanges(plan: Plan): PlannedChange[] {
  return plan.steps
    .map((step) => step.change)
    .filter(
      (change) =>
        (change.action === 'update' || change.action === 'restore') &&
        !change.destructive &&
        change.changes.length > 0 &&
        !(change.kind === 'configuration' && change.reason !== undefined),
    );
}

export async function attributeDrift(
  client: FlagplaneClient,
  plan: Plan,
  live: LiveState,
  options: DriftAttributionOptions = {},
): Promise<DriftAttributionResult> {
  const limit = concurrencyLimit(options.concurrency ?? 4);
  const maxEvents = options.maxEvents ?? 1000;
  const attributions = new Map<string, Map<string, Event>>();
  let unavailable: string | undefined;
  await Promise.all(
    driftedChanges(plan).map((change) =>
      limit(async () => {
        const found = new Map<string, Event>();
        for (const search of [searchFor(change, live) ?? []].flat()) {
          const pending = new Set(
            change.changes
              .map((property) => property.property)
              .filter((property) => search.covers?.(property) ?? true),
          );
          if (pending.size === 0) continue;
          try {
            let read = 0;
            for await (const event of client.events.list(plan.organization, {
              ...search.query,
              limit: 100,
            })) {
              for (const property of pending) {
                if (search.changed(event, property)) {
                  found.set(property, event);
                  pending.delete(property);
                }
              }
              if (pending.size === 0 || ++read >= maxEvents) break;
            }
          } catch (error) {
            unavailable ??= error instanceof Error ? error.message : String(error);
          }
        }
        if (found.size > 0) attributions.set(change.id, found);
      }),
    ),
  );
  return unavailable === undefined ? { attributions } : { attributions, unavailable };
}
