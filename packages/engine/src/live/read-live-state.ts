/**
 * Reads the live state of some projects through the SDK: a project, its environments, segments, flags
 * (archived ones too: an archived declared flag is drift to restore), each flag's variations and
 * configurations, and each environment's SDK keys. Requests go out concurrently under `limit`.
 *
 * A whole project's flags come from walks of the flag list with `view=full` (each item carries the
 * variations and every configuration), so reading 500 flags costs a few list pages, not 1,000 requests
 * that would eat the rate limit of every plan and apply. The low-level commands, which need one flag,
 * read just that flag.
 */
import type { Flag, FlagListItem, ManagedBy, NestedFlagEnvironment } from '@flagplane/contract';
import { type FlagplaneClient, NotFoundError } from '@flagplane/sdk';
import type { Limit } from '../execute/concurrency-limit.js';
import type {
  LiveConfiguration,
  LiveFlag,
  LiveProject,
  LiveSdkKey,
  LiveState,
  ManagedByDeclaration,
} from './live-state.js';

export interface LiveReader {
  readonly client: FlagplaneClient;
  readonly organization: string;
  readonly limit: Limit;
}

export async function readLiveState(reader: LiveReader, projectKeys: readonly string[]): Promise<LiveState> {
  const projects = await Promise.all(projectKeys.map((key) => readLiveProject(reader, key)));
  return {
    organization: reader.organization,
    projects: new Map(projects.flatMap((project) => (project ? [[project.key, project] as const] : []))),
  };
}

/** Every project of the organization the caller can see, by key (for `export` and unmanaged reports). */
export async function listProjectKeys(reader: LiveReader): Promise<string[]> {
  const keys: string[] = [];
  for await (const project of reader.client.projects.list(reader.organization, { limit: 200 })) {
    if (project.key) keys.push(project.key);
  }
  return keys;
}

/** Which flags and which environments' SDK keys to read; the low-level commands need only one of each. */
export interface ProjectReadScope {
  /** @default every flag of the project */
  readonly flags?: readonly string[];
  /** @default every environment */
  readonly sdkKeyEnvironments?: readonly string[];
}

/** undefined when the project does not exist. */
export async function readLiveProject(
  reader: LiveReader,
  projectKey: string,
  scope: ProjectReadScope = {},
): Promise<LiveProject | undefined> {
  const { client, organization: org, limit } = reader;
  const project = await limit(() => client.projects.retrieve(org, projectKey)).catch(absentOn404);
  if (!project) return undefined;
  const [environments, segments, everyFlag] = await Promise.all([
    limit(() => collect(client.environments.list(org, projectKey, { limit: 200 }))),
    limit(() => collect(client.segments.list(org, projectKey, { limit: 200 }))),
    scope.flags ? undefined : readEveryFlag(reader, projectKey),
  ]);
  const liveEnvironments = environments.map((environment) => ({
    id: environment.id,
    key: environment.key ?? '',
    name: environment.name ?? '',
    color: environment.color ?? '',
    sortOrder: environment.sortOrder,
  }));
  const [flags, sdkKeys] = await Promise.all([
    everyFlag ?? readFlags(reader, projectKey, scope.flags ?? []),
    Promise.all(
      liveEnvironments
        .filter((environment) => scope.sdkKeyEnvironments?.includes(environment.key) ?? true)
        .map((environment) => readSdkKeys(reader, projectKey, environment.key)),
    ),
  ]);
  return {
    id: project.id,
    key: project.key ?? projectKey,
    name: project.name ?? '',
    description: project.description,
    managedBy: declarationOf(project.managedBy),
    environments: liveEnvironments,
    segments: segments.map((segment) => ({
      id: segment.id,
      key: segment.key ?? '',
      name: segment.name ?? '',
      description: segment.description,
      included: segment.included,
      excluded: segment.excluded,
      conditionGroups: segment.conditionGroups,
    })),
    flags,
    sdkKeys: sdkKeys.flat(),
  };
}

/** Every flag of the project, archived ones too: two walks of the full list, a page per 200 flags. */
async function readEveryFlag(reader: LiveReader, projectKey: string): Promise<LiveFlag[]> {
  const { client, organization: org, limit } = reader;
  const walk = (archived: boolean) =>
    limit(() => collect(client.flags.list(org, projectKey, { limit: 200, archived, view: 'full' })));
  const [current, archived] = await Promise.all([walk(false), walk(true)]);
  return [...current, ...archived].flatMap((item) => {
    const flag = toLiveFlag(withFullView(item), item.environments);
    return flag ? [flag] : [];
  });
}

/** Some flags by key, each read on its own; flags that do not exist are left out. */
async function readFlags(
  reader: LiveReader,
  projectKey: string,
  flagKeys: readonly string[],
): Promise<LiveFlag[]> {
  const flags = await Promise.all(flagKeys.map((flagKey) => readLiveFlag(reader, projectKey, flagKey)));
  return flags.filter((flag): flag is LiveFlag => flag !== undefined);
}

/** One flag by key: its detail and its configurations; undefined when it does not exist. */
async function readLiveFlag(
  reader: LiveReader,
  projectKey: string,
  flagKey: string,
): Promise<LiveFlag | undefined> {
  const { client, organization: org, limit } = reader;
  const [flag, configurations] = await Promise.all([
    limit(() => client.flags.retrieve(org, projectKey, flagKey)).catch(absentOn404),
    limit(() => client.flagEnvironments.list(org, projectKey, flagKey)).catch(absentOn404),
  ]);
  if (!flag || !configurations) return undefined;
  return toLiveFlag(flag, configurations);
}

type FlagFields = Pick<
  Flag,
  | 'id'
  | 'key'
  | 'type'
  | 'name'
  | 'description'
  | 'tags'
  | 'clientSideVisible'
  | 'temporary'
  | 'isArchived'
  | 'variations'
  | 'managedBy'
>;

/** A full-view list item has the detail's fields; a server that ignored `view` would leave them out. */
function withFullView(item: FlagListItem): FlagFields {
  if (!item.variations || !item.environments || item.description === undefined) {
    throw new Error(
      `The server answered the flag list without view=full fields (flag "${item.key}"): it is older than this CLI.`,
    );
  }
  return { ...item, description: item.description, variations: item.variations };
}

function toLiveFlag(
  flag: FlagFields,
  configurations: readonly NestedFlagEnvironment[] | undefined,
): LiveFlag | undefined {
  if (!flag.type || !flag.key) return undefined;
  return {
    id: flag.id,
    key: flag.key,
    type: flag.type,
    name: flag.name ?? '',
    description: flag.description,
    tags: flag.tags ?? [],
    clientSideVisible: flag.clientSideVisible,
    temporary: flag.temporary,
    isArchived: flag.isArchived,
    managedBy: declarationOf(flag.managedBy),
    variations: flag.variations.map((variation) => ({
      id: variation.id,
      key: variation.key ?? '',
      name: variation.name ?? '',
      value: variation.value ?? '',
      description: variation.description,
    })),
    configurations: new Map(
      (configurations ?? []).map((configuration) => [
        configuration.environmentKey ?? '',
        toLiveConfiguration(configuration),
      ]),
    ),
  };
}

function toLiveConfiguration(configuration: NestedFlagEnvironment): LiveConfiguration {
  return {
    isEnabled: configuration.isEnabled,
    defaultVariationId: configuration.defaultVariationId,
    strategy: configuration.strategy ?? 'SingleVariation',
    percentageRollout: configuration.percentageRollout,
    prerequisites: (configuration.prerequisites ?? []).map((prerequisite) => ({
      flag: prerequisite.prerequisiteFlagKey ?? '',
      variation: prerequisite.expectedVariationKey ?? '',
    })),
    rules: configuration.rules,
  };
}

export async function readSdkKeys(
  reader: LiveReader,
  projectKey: string,
  environmentKey: string,
): Promise<LiveSdkKey[]> {
  const { client, organization: org, limit } = reader;
  const keys = await limit(() =>
    collect(client.sdkKeys.list(org, projectKey, environmentKey, { limit: 200 })),
  );
  return keys.map((key) => ({
    id: key.id,
    environment: environmentKey,
    name: key.name ?? '',
    description: key.description,
    type: key.type ?? 'ServerSide',
    isActive: key.isActive,
    lastFourCharacters: key.lastFourCharacters,
    createdAt: key.createdAt,
  }));
}

async function collect<Item>(items: AsyncIterable<Item>): Promise<Item[]> {
  const collected: Item[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

function absentOn404(error: unknown): undefined {
  if (error instanceof NotFoundError) return undefined;
  throw error;
}

/** `managedBy` as the engine compares it: what is declared, not when (`at` is the server's). */
function declarationOf(managedBy: ManagedBy | null | undefined): ManagedByDeclaration | null {
  return managedBy ? { source: managedBy.source, environments: managedBy.environments } : null;
}
