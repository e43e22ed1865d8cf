/**
 * What one provider process has read of flags, their configurations and segments, shared by the resources
 * that need them. Terraform runs a whole walk (a plan's refresh, an apply) in one provider process and
 * asks for every resource on its own, up to ten at once; answering each from its own request costs a
 * request per resource, and past the server's rate limit (600 a minute by default) a large plan waits.
 *
 * So reads are batched where the API allows: once a walk asks for `WALK_AFTER` different flags of one
 * project, the project's flags are read in one walk of the list with `view=full` (200 flags a page, each
 * with its variations and its configuration in every environment), and every later read of that project
 * is answered from it. A configuration with a few flags in a large project keeps reading them one by one.
 * A flag that is not in the walk (archived, or gone) is read on its own, so those answers stay exact.
 *
 * A flag this process writes (or is about to) is never answered from a walk again: `forget` marks it, and
 * its next read is its own request. Writes that read-modify-write a flag (its `managedBy.environments`)
 * run one at a time per flag: two environments of one flag applied at once must not lose each other's key.
 */
import type { Flag, FlagListItem, NestedFlagEnvironment, SegmentListItem } from '@flagplane/contract';
import { type FlagplaneClient, NotFoundError } from '@flagplane/sdk';

/** The fields of a flag the resources read: the detail's, which a full-view list item carries too. */
export type LiveFlag = Pick<
  Flag,
  | 'id'
  | 'key'
  | 'name'
  | 'type'
  | 'description'
  | 'tags'
  | 'clientSideVisible'
  | 'temporary'
  | 'isArchived'
  | 'managedBy'
  | 'variations'
>;

/** A flag's configuration in one environment, as both the single read and the full list carry it. */
export type LiveConfiguration = NestedFlagEnvironment;

/** Distinct flags of one project asked for before the whole project is read instead (Terraform's parallelism). */
const WALK_AFTER = 10;
const PAGE_SIZE = 200;

interface ProjectReads {
  /** Flags asked for so far, until the walk starts. */
  readonly asked: Set<string>;
  /** The project's flags that are not archived, by key, once a walk has started. */
  walk?: Promise<Map<string, FlagListItem>>;
  segments?: Promise<SegmentListItem[]>;
}

export class FlagReads {
  private readonly projects = new Map<string, ProjectReads>();
  private readonly singles = new Map<string, Promise<LiveFlag | null>>();
  /** Flags written (or being written) by this process: always read on their own. */
  private readonly written = new Set<string>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: FlagplaneClient,
    private readonly organization: string,
  ) {}

  /** The flag, or null when it does not exist. */
  async flag(project: string, key: string): Promise<LiveFlag | null> {
    const walked = await this.fromWalk(project, key);
    if (walked) return fullFlag(walked);
    const id = flagId(project, key);
    let read = this.singles.get(id);
    if (!read) {
      read = this.client.flags.retrieve(this.organization, project, key).catch((thrown: unknown) => {
        if (thrown instanceof NotFoundError) return null;
        this.singles.delete(id);
        throw thrown;
      });
      this.singles.set(id, read);
    }
    return read;
  }

  /** The flag's configuration in an environment, or null when the flag or the environment does not exist. */
  async configuration(project: string, key: string, environment: string): Promise<LiveConfiguration | null> {
    const walked = await this.fromWalk(project, key);
    if (walked) {
      return fullFlagConfigurations(walked).find((entry) => entry.environmentKey === environment) ?? null;
    }
    try {
      return await this.client.flagEnvironments.retrieve(this.organization, project, key, environment);
    } catch (thrown) {
      if (thrown instanceof NotFoundError) return null;
      throw thrown;
    }
  }

  /** The project's segments, read once per process (segment resources `forgetSegments` when they write). */
  segments(project: string): Promise<SegmentListItem[]> {
    const reads = this.project(project);
    if (!reads.segments) {
      const walk = collect(this.client.segments.list(this.organization, project, { limit: PAGE_SIZE }));
      reads.segments = walk.catch((thrown: unknown) => {
        reads.segments = undefined;
        throw thrown;
      });
    }
    return reads.segments;
  }

  /** What was read of the flag is no longer true: this process is writing it. */
  forget(project: string, key: string): void {
    const id = flagId(project, key);
    this.written.add(id);
    this.singles.delete(id);
  }

  forgetSegments(project: string): void {
    this.project(project).segments = undefined;
  }

  /** Runs `work` after every earlier `exclusive` of the same flag has finished. */
  exclusive<T>(project: string, key: string, work: () => Promise<T>): Promise<T> {
    const id = flagId(project, key);
    const previous = this.locks.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.locks.set(id, next);
    return next;
  }

  /** The flag's item from the project's walk, starting the walk when enough flags were asked for. */
  private async fromWalk(project: string, key: string): Promise<FlagListItem | undefined> {
    if (this.written.has(flagId(project, key))) return undefined;
    const reads = this.project(project);
    if (!reads.walk) {
      reads.asked.add(key);
      if (reads.asked.size < WALK_AFTER) return undefined;
      reads.walk = this.walkProject(project).catch((thrown: unknown) => {
        // No such project: every flag of it reads as gone, one by one (so each says so exactly).
        if (thrown instanceof NotFoundError) return new Map<string, FlagListItem>();
        reads.walk = undefined;
        throw thrown;
      });
    }
    const item = (await reads.walk).get(key);
    // Written while the walk was under way: the walk may hold what was there before.
    return this.written.has(flagId(project, key)) ? undefined : item;
  }

  private async walkProject(project: string): Promise<Map<string, FlagListItem>> {
    const items = await collect(
      this.client.flags.list(this.organization, project, { limit: PAGE_SIZE, view: 'full' }),
    );
    return new Map(items.flatMap((item) => (item.key ? [[item.key, item] as const] : [])));
  }

  private project(project: string): ProjectReads {
    let reads = this.projects.get(project);
    if (!reads) {
      reads = { asked: new Set() };
      this.projects.set(project, reads);
    }
    return reads;
  }
}

const flagId = (project: string, key: string) => `${project}/${key}`;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** A full-view item has the detail's fields; a server that ignored `view` would leave them out. */
function fullFlag(item: FlagListItem): LiveFlag {
  if (!item.variations || item.description === undefined) throw olderServer(item);
  return { ...item, description: item.description, variations: item.variations };
}

function fullFlagConfigurations(item: FlagListItem): readonly LiveConfiguration[] {
  if (!item.environments) throw olderServer(item);
  return item.environments;
}

function olderServer(item: FlagListItem): Error {
  return new Error(
    `The server answered the flag list without view=full fields (flag "${item.key}"): it is older than this provider.`,
  );
}
