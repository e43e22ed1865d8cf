/**
 * Names for the ids events carry (§19): an SDK key's and a rule's own (their `resource.key` is null), and
 * the variation, segment and rule ids in `changes` (`rules.0.variationId`, `userSegmentId`). For whoever
 * shows events to people: the console's event log, `flagplane log`.
 *
 * First what the events say themselves (a creation carries the name; a variation's event its key), then
 * one request per place that holds the rest, all at once: an environment's SDK keys, a project's segments,
 * a configuration's flag (`view=full` with its variations and rules, flag-contents.ts). A rule event does
 * not say its flag: unless the events were listed for one flag, its ids are looked for in the project's
 * flags, 200 at a time, at most 1,000. What is still unnamed is gone (deleted, or in a larger project):
 * shown by its id. A lookup that fails leaves its ids unnamed: names decorate events, they do not gate them.
 */
import type { Event } from '../generated/types.js';
import {
  addFlagContents,
  emptyFlagContents,
  type FlagContents,
  readFlagContents,
  ruleLabel,
} from './flag-contents.js';
import type { FlagplaneClient } from './flagplane-client.js';

/** Id → what a person reads for it. */
export type EventNames = ReadonlyMap<string, string>;

type IdKind = 'variation' | 'segment' | 'rule';

/** The kind of id a change's value is, by its path (`rules.0.variationId`, `defaultVariationId`). */
export function idKindOfPath(path: string): IdKind | null {
  if (/(^|\.)(variationId|defaultVariationId)$/.test(path)) return 'variation';
  if (/(^|\.)userSegmentId$/.test(path)) return 'segment';
  if (/^rules\.\d+\.id$/.test(path)) return 'rule';
  return null;
}

/** Flags scanned for a rule event's ids at most: 5 pages of 200. */
const maxScannedPages = 5;

const valueAt = (event: Event, path: string): unknown => {
  const change = event.changes.find((candidate) => candidate.path === path);
  return change === undefined ? undefined : (change.after ?? change.before);
};

const projectOf = (event: Event) => (event.project ? (event.project.key ?? event.project.id) : null);

/**
 * The name an event gives its own resource: an SDK key's, a segment's or a rule's in its changes (a
 * creation, a deletion, a rename carry it), else its key (a variation's).
 */
function ownName(event: Event): unknown {
  const { resource } = event;
  if (resource.kind === 'SdkKey' || resource.kind === 'Segment') return valueAt(event, 'name');
  if (resource.kind === 'Rule') return valueAt(event, 'description');
  // A configuration's key is its flag's, whose id it shares: not a name for that id's other uses.
  return resource.kind === 'FlagEnvironment' ? undefined : resource.key;
}

/** The names the events themselves carry. */
function namesInEvents(events: readonly Event[], names: Map<string, string>): void {
  for (const event of events) {
    const own = ownName(event);
    if (typeof own === 'string') names.set(event.resource.id, own);
    // A configuration's rules, with their descriptions in the same event.
    for (const change of event.changes) {
      const rule = /^(rules\.\d+)\.id$/.exec(change.path);
      const id = change.after ?? change.before;
      const description = rule ? valueAt(event, `${rule[1]}.description`) : undefined;
      if (typeof id === 'string' && typeof description === 'string') names.set(id, description);
    }
  }
}

/** The ids of a change that name a variation, a segment or a rule. */
function idsInChanges(event: Event): { readonly kind: IdKind; readonly id: string }[] {
  return event.changes.flatMap((change) => {
    const kind = idKindOfPath(change.path);
    if (kind === null) return [];
    return [change.before, change.after]
      .filter((value): value is string => typeof value === 'string')
      .map((id) => ({ kind, id }));
  });
}

/** What is left to look up, by where it is. */
interface Wanted {
  /** `project/environment` → the two keys, for SDK keys. */
  readonly sdkKeyPlaces: Map<string, readonly [string, string]>;
  readonly segmentProjects: Set<string>;
  /** Project → flag keys whose variations or rules are wanted. */
  readonly flags: Map<string, Set<string>>;
  /** Project → ids whose flag no event names (rule events). */
  readonly unplaced: Map<string, Set<string>>;
}

function wantedNames(events: readonly Event[], names: EventNames, flagFilter: string): Wanted {
  const wanted: Wanted = {
    sdkKeyPlaces: new Map(),
    segmentProjects: new Set(),
    flags: new Map(),
    unplaced: new Map(),
  };
  const addTo = (map: Map<string, Set<string>>, key: string, value: string) =>
    map.set(key, (map.get(key) ?? new Set()).add(value));
  for (const event of events) {
    const project = projectOf(event);
    if (project === null) continue;
    const { resource, environment } = event;
    if (resource.kind === 'SdkKey' && !names.has(resource.id) && environment) {
      const environmentKey = environment.key ?? environment.id;
      wanted.sdkKeyPlaces.set(`${project}/${environmentKey}`, [project, environmentKey]);
    }
    const ids = idsInChanges(event).filter((entry) => !names.has(entry.id));
    if (resource.kind === 'Rule' && !names.has(resource.id)) ids.push({ kind: 'rule', id: resource.id });
    for (const { kind, id } of ids) {
      if (kind === 'segment') wanted.segmentProjects.add(project);
      else if (resource.kind === 'FlagEnvironment' && resource.key)
        addTo(wanted.flags, project, resource.key);
      else {
        // A rule event: its flag is the one the log is filtered by, if it is; else, or if that search
        // misses (a filter by id), the project's flags are read until it is found.
        if (flagFilter !== '') addTo(wanted.flags, project, flagFilter);
        addTo(wanted.unplaced, project, id);
      }
    }
  }
  return wanted;
}

export interface EventNamesOptions {
  /** The `flag` filter the events were listed with, if any: a rule event's flag is then known. */
  readonly flag?: string;
  readonly signal?: AbortSignal;
}

/** Id → name for the ids `events` carry, in as few requests as the places they are in. */
export async function findEventNames(
  client: FlagplaneClient,
  org: string,
  events: readonly Event[],
  { flag: flagFilter = '', signal }: EventNamesOptions = {},
): Promise<EventNames> {
  const names = new Map<string, string>();
  namesInEvents(events, names);
  const wanted = wantedNames(events, names, flagFilter);
  const contentsByProject = new Map<string, FlagContents>();
  const contentsOf = (project: string) => {
    const contents = contentsByProject.get(project) ?? emptyFlagContents();
    contentsByProject.set(project, contents);
    return contents;
  };

  const sdkKeys = [...wanted.sdkKeyPlaces.values()].map(async ([project, environment]) => {
    for await (const sdkKey of client.sdkKeys.list(org, project, environment, { limit: 200 }, { signal }))
      names.set(sdkKey.id, sdkKey.name ?? `${sdkKey.type ?? 'SDK'} key …${sdkKey.lastFourCharacters ?? ''}`);
  });
  const segments = [...wanted.segmentProjects].map(async (project) => {
    for await (const segment of client.segments.list(org, project, { limit: 200 }, { signal }))
      names.set(segment.id, segment.name ?? segment.key ?? segment.id);
  });
  // A flag by its key: the list searched for it holds it (and maybe others whose key or name contains it).
  const flags = [...wanted.flags].flatMap(([project, keys]) =>
    [...keys].map(async (key) => {
      const page = await client.flags.list(
        org,
        project,
        { view: 'full', search: key, limit: 200 },
        { signal },
      );
      for (const flag of page.items) addFlagContents(contentsOf(project), flag);
    }),
  );
  // All at once; one that fails only leaves its names out.
  await Promise.allSettled([...sdkKeys, ...segments, ...flags]);
  signal?.throwIfAborted();

  const unplaced = [...wanted.unplaced].map(async ([project, ids]) => {
    const contents = contentsOf(project);
    const found = () => [...ids].every((id) => contents.variations.has(id) || contents.rules.has(id));
    await readFlagContents(client, org, project, contents, found, { maxPages: maxScannedPages, signal });
  });
  await Promise.allSettled(unplaced);
  signal?.throwIfAborted();

  for (const contents of contentsByProject.values()) {
    for (const [id, key] of contents.variations) if (!names.has(id)) names.set(id, key);
    for (const [id, rule] of contents.rules) if (!names.has(id)) names.set(id, ruleLabel(rule));
  }
  return names;
}
