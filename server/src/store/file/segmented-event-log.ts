/**
 * The file store's bookkeeping of its event segments (event-segments.ts): which segments the data file
 * names, which committed events no segment holds yet (they are in the journal), and whether an event a
 * segment holds has been removed since. Each data file write asks it for a plan, made synchronously with
 * the document it describes; once that data file is durable, the plan becomes the new state.
 */
import type { ChangeSet } from '../change-set.js';
import type { EventRecord, StoreData } from '../records.js';
import { type EventSegments, maxSegments } from './event-segments.js';

export interface SegmentPlan {
  /** The segments the new data file names. */
  readonly segments: readonly string[];
  /** The segment to write before the data file, if any. */
  readonly newSegment: { readonly name: string; readonly events: readonly EventRecord[] } | null;
  /** The old segments are all replaced: delete them once the data file is durable. */
  readonly replacesAll: boolean;
  /** Events the commit written with it removed: once it is durable, no segment needs them. */
  readonly removedWithIt: readonly string[];
}

export class SegmentedEventLog {
  readonly files: EventSegments;
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
    state: {
      readonly segments: readonly string[];
      readonly unsegmented: Iterable<EventRecord>;
      readonly segmentedRemoved: boolean;
    },
  ) {
    this.files = files;
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
      const events = Object.values(data.events);
      const name = this.#nextName();
      return {
        segments: events.length > 0 ? [name] : [],
        newSegment: events.length > 0 ? { name, events } : null,
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
      newSegment: { name, events: [...pending.values()] },
      replacesAll: false,
      removedWithIt,
    };
  }

  /** The data file of `plan` is durable. Events committed since the plan was made stay unsegmented. */
  planWritten(plan: SegmentPlan): void {
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
