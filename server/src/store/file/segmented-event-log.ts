/**
 * The file store's bookkeeping of its event segments (event-segments.ts): which segments the data file
 * names, which committed events no segment holds yet (they are in the journal, and in memory), and
 * whether an event a segment holds has been removed since. Each data file write asks it for a plan, made
 * synchronously with the document it describes; once that data file is durable, the plan becomes the new
 * state: the new segment joins the disk index (disk-events.ts) and memory drops its events.
 */
import type { ChangeSet } from '../change-set.js';
import type { EventRecord, StoreData } from '../records.js';
import type { DiskEvents } from './disk-events.js';
import { type EventSegments, maxSegments } from './event-segments.js';
import type { SegmentIndex } from './segment-index.js';

/** The segment a plan writes: the events of memory, after the kept ones of the old segments (a rewrite). */
export interface NewSegment {
  readonly name: string;
  readonly events: readonly EventRecord[];
  /** A rewrite: the positions of the disk's events it copies (those not removed when it was planned). */
  readonly kept: Uint32Array | null;
}

/** What memory does with the events of a segment that is durable now (memory-state.ts `evictEvents`). */
export type EvictEvents = (ids: readonly string[]) => readonly string[];

export interface SegmentPlan {
  /** The segments the new data file names. */
  readonly segments: readonly string[];
  /** The segment to write before the data file, if any. */
  readonly newSegment: NewSegment | null;
  /** The old segments are all replaced: delete them once the data file is durable. */
  readonly replacesAll: boolean;
  /** Events the commit written with it removed: once it is durable, no segment needs them. */
  readonly removedWithIt: readonly string[];
}

export class SegmentedEventLog {
  readonly files: EventSegments;
  /** The events the segments hold, indexed (the store's cold events). */
  readonly disk: DiskEvents;
  /** Set once the memory state exists (file-store.ts). */
  evict: EvictEvents = () => [];
  #segments: readonly string[];
  /**
   * The number of the last segment name handed out. It never goes down, so no name is given twice in a
   * process, even after a data file that names a new segment was renamed into place but not confirmed.
   */
  #lastNumber: number;
  /** Committed events no segment holds yet, by id. */
  readonly #unsegmented = new Map<string, EventRecord>();
  /** An event some segment holds was removed: the next data file rewrites the log as one segment. */
  #segmentedRemoved: boolean;

  constructor(
    files: EventSegments,
    disk: DiskEvents,
    state: {
      readonly segments: readonly string[];
      readonly unsegmented: Iterable<EventRecord>;
      readonly segmentedRemoved: boolean;
    },
  ) {
    this.files = files;
    this.disk = disk;
    this.#segments = state.segments;
    this.#lastNumber = Math.max(0, ...state.segments.map((name) => files.numberOf(name) ?? 0));
    for (const event of state.unsegmented) this.#unsegmented.set(event.id, event);
    this.#segmentedRemoved = state.segmentedRemoved;
  }

  /** A commit reached the journal: its new events wait for a segment, a removal means rewriting all. */
  noteCommitted(changes: ChangeSet): void {
    for (const change of changes.values()) {
      if (change.collection !== 'events') continue;
      if (change.record === null) {
        if (!this.#unsegmented.delete(change.id)) this.#segmentedRemoved = true;
      } else {
        this.#unsegmented.set(change.id, change.record as EventRecord);
      }
    }
  }

  /**
   * The segments of a data file for `data`: a new segment with the events no segment holds (those of
   * `changes`, the commit being written with it, included), or, after a removal, on `rewriteAll` (a
   * replaced document) or past `maxSegments`, the whole log as one segment.
   */
  plan(
    data: StoreData,
    options: { readonly changes?: ChangeSet; readonly rewriteAll?: boolean },
  ): SegmentPlan {
    // This commit's own removals count too: its data file must not name a segment holding them.
    const removesSegmented = [...(options.changes?.values() ?? [])].some(
      (change) =>
        change.collection === 'events' && change.record === null && !this.#unsegmented.has(change.id),
    );
    const rewrite =
      options.rewriteAll === true ||
      removesSegmented ||
      this.#segmentedRemoved ||
      this.#segments.length >= maxSegments;
    if (rewrite) {
      // Memory holds the events no segment does; the disk's are copied over, but for those removed.
      const events = Object.values(data.events);
      const kept = this.disk.kept();
      const name = this.#nextName();
      const any = events.length + kept.length > 0;
      return {
        segments: any ? [name] : [],
        newSegment: any ? { name, events, kept } : null,
        replacesAll: true,
        removedWithIt: [],
      };
    }
    const pending = new Map(this.#unsegmented);
    const removedWithIt: string[] = [];
    for (const change of options.changes?.values() ?? []) {
      if (change.collection !== 'events') continue;
      if (change.record === null) {
        pending.delete(change.id);
        removedWithIt.push(change.id);
      } else {
        pending.set(change.id, change.record as EventRecord);
      }
    }
    if (pending.size === 0) {
      return { segments: this.#segments, newSegment: null, replacesAll: false, removedWithIt };
    }
    const name = this.#nextName();
    return {
      segments: [...this.#segments, name],
      newSegment: { name, events: [...pending.values()], kept: null },
      replacesAll: false,
      removedWithIt,
    };
  }

  /**
   * The data file of `plan` is durable, with `index` the index of its new segment. The disk index takes
   * the new segment (instead of all the old ones, after a rewrite), and memory drops its events. Events
   * committed since the plan was made stay unsegmented; those removed since are removed from the disk
   * index too.
   */
  planWritten(plan: SegmentPlan, index: SegmentIndex | null): void {
    const segment = plan.newSegment;
    if (plan.replacesAll) {
      const removedSince = segment?.kept ? this.disk.removedAmong(segment.kept) : [];
      this.disk.reset();
      if (segment && index) this.disk.add(segment.name, this.files.pathOf(segment.name), index);
      for (const id of removedSince) this.disk.remove(id);
    } else if (segment && index) {
      this.disk.add(segment.name, this.files.pathOf(segment.name), index);
    }
    if (segment) {
      for (const id of this.evict(segment.events.map((event) => event.id))) this.disk.remove(id);
    }
    this.#segments = plan.segments;
    if (plan.replacesAll) {
      this.#unsegmented.clear();
      this.#segmentedRemoved = false;
    } else {
      for (const event of plan.newSegment?.events ?? []) this.#unsegmented.delete(event.id);
      for (const id of plan.removedWithIt) this.#unsegmented.delete(id);
    }
  }

  #nextName(): string {
    this.#lastNumber += 1;
    return this.files.nameOf(this.#lastNumber);
  }

  get segments(): readonly string[] {
    return this.#segments;
  }
}
