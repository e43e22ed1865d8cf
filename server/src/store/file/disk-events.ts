/**
 * The file store's cold events (cold-events.ts): the events its segments hold, found through an index
 * in memory of fixed-size numbers, never objects, and read from the segment only when a page returns
 * them. About 80 bytes per event (id, place in its segment, time, seven field codes, the postings of its
 * organization, project and flag), so a million events cost some 80 MB, loaded at start from the
 * segments' index files (segment-index.ts) in well under a second instead of parsing the log.
 *
 * Positions: every event has one, in ascending id order (UUID v7: time order) over all segments; a
 * posting list holds the positions of one organization's, project's or flag's events, so a page walks
 * the narrowest list newest first and tests each entry's fields in memory (event-filter.ts), reading
 * only the events it returns. Removed events (retention) are flagged until the next compaction rewrites
 * the log without them (segmented-event-log.ts).
 */
import { closeSync, openSync, read as readCallback, readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { ColdEvents } from '../cold-events.js';
import { type EventFilter, type EventSummary, eventMatches, narrowestList } from '../event-filter.js';
import type { EventRecord } from '../records.js';
import { EventColumns } from './event-columns.js';
import { IndexedSummary } from './indexed-summary.js';
import { PositionList } from './position-list.js';
import {
  compareIds,
  fieldCount,
  idText,
  idWords,
  NONE,
  parseLine,
  type SegmentIndex,
  type SegmentIndexBuilder,
} from './segment-index.js';

const readAt = promisify(readCallback);

interface OpenSegment {
  readonly name: string;
  readonly path: string;
  readonly fd: number;
}

/** The largest run of adjacent lines a rewrite copies with one read. */
const copyRunBytes = 1 << 20;

/**
 * Events read lately, kept parsed (a few MB): the newest pages are read again and again (a console, a
 * plan's drift attribution), and a read costs a pread and a parse per event otherwise.
 */
const recentEvents = 10_000;

export class DiskEvents implements ColdEvents {
  #count = 0;
  readonly #columns = new EventColumns();
  #live = 0;
  /** Every position below this one is removed (retention walks from the oldest). */
  #firstLive = 0;
  #segments: OpenSegment[] = [];
  /** The distinct field values: as text (what a rewrite's index copies) and parsed. */
  #valueTexts: string[] = [];
  #values: unknown[] = [];
  #valueCodes = new Map<string, number>();
  #byOrganization = new Map<string, PositionList>();
  #byProject = new Map<string, PositionList>();
  #byFlag = new Map<string, PositionList>();
  #scratch = Buffer.alloc(4096);
  /** Position → the event read there lately (cleared whenever positions change). */
  #recent = new Map<number, EventRecord>();
  /** For each of the lists above, value code → its list (`#listOf`); gone with the lists it indexes. */
  readonly #listsByCode = new WeakMap<Map<string, PositionList>, PositionList[]>();

  /** How many events it holds that are not removed. */
  get size(): number {
    return this.#live;
  }

  /** Adds the segment `name` (at `path`) with its index. */
  add(name: string, path: string, index: SegmentIndex): void {
    const fd = openSync(path, 'r');
    const segment = this.#segments.push({ name, path, fd }) - 1;
    const codes = index.values.map((text) => this.#valueCode(text));
    this.#columns.reserve(this.#count + index.count);
    let sorted = true;
    for (let entry = 0; entry < index.count; entry++) {
      const position = this.#count++;
      const ids = this.#columns.ids;
      for (let word = 0; word < 4; word++) ids[position * 4 + word] = index.ids[entry * 4 + word] as number;
      this.#columns.segment[position] = segment;
      this.#columns.offsets[position] = index.offsets[entry] as number;
      this.#columns.lengths[position] = index.lengths[entry] as number;
      this.#columns.createdAt[position] = index.createdAt[entry] as number;
      for (let field = 0; field < fieldCount; field++) {
        const code = index.fields[entry * fieldCount + field] as number;
        this.#columns.fields[position * fieldCount + field] = code === NONE ? NONE : (codes[code] as number);
      }
      this.#columns.removed[position] = 0;
      this.#live++;
      if (
        position > 0 &&
        compareIds(this.#columns.ids, (position - 1) * 4, this.#columns.ids, position * 4) >= 0
      )
        sorted = false;
      else if (sorted) this.#post(position);
    }
    // Out of order only when a clock was set back or events were copied in: sort everything again.
    if (!sorted) this.#sortAll();
  }

  /** Drops every segment and event (a rewrite replaces them all, or the store closes). */
  reset(): void {
    for (const segment of this.#segments) closeSync(segment.fd);
    this.#segments = [];
    this.#count = 0;
    this.#live = 0;
    this.#firstLive = 0;
    this.#byOrganization = new Map();
    this.#byProject = new Map();
    this.#byFlag = new Map();
    this.#recent.clear();
  }

  page(filter: EventFilter, beforeId: string | null, limit: number): Promise<EventRecord[]> {
    try {
      return Promise.resolve(this.pageNow(filter, beforeId, limit));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** `page`, answered synchronously (reading the events it returns from their segments). */
  pageNow(filter: EventFilter, beforeId: string | null, limit: number): EventRecord[] {
    const list = narrowestList(filter, {
      byFlag: this.#byFlag,
      byProject: this.#byProject,
      byOrganization: this.#byOrganization,
    });
    const found: EventRecord[] = [];
    if (list === undefined || limit <= 0) return found;
    const before = beforeId === null ? null : idWords(beforeId);
    const end =
      beforeId === null ? list.length : before === null ? list.length : this.#lowerBound(list, before);
    for (let index = end - 1; index >= 0 && found.length < limit; index--) {
      const position = list.at(index);
      if (this.#columns.removed[position] === 1) continue;
      if (beforeId !== null && before === null && idText(this.#columns.ids, position * 4) >= beforeId)
        continue;
      let event: EventRecord | null = null;
      const summary = this.#summary(position);
      if (summary === null) {
        event = this.#read(position);
        if (!eventMatches(filter, event)) continue;
      } else if (!eventMatches(filter, summary)) continue;
      found.push(event ?? this.#read(position));
    }
    return found;
  }

  oldest(before: string, limit: number): Promise<string[]> {
    const bound = Date.parse(before);
    const found: string[] = [];
    while (this.#firstLive < this.#count && this.#columns.removed[this.#firstLive] === 1) this.#firstLive++;
    for (let position = this.#firstLive; position < this.#count && found.length < limit; position++) {
      if (this.#columns.removed[position] === 1) continue;
      const createdAt = this.#columns.createdAt[position] as number;
      const old = Number.isNaN(createdAt) ? this.#read(position).createdAt < before : createdAt < bound;
      if (!old) break;
      found.push(idText(this.#columns.ids, position * 4));
    }
    return Promise.resolve(found);
  }

  remove(id: string): boolean {
    const position = this.#find(id, 0);
    if (position === -1) return false;
    this.#columns.removed[position] = 1;
    this.#live--;
    return true;
  }

  restore(id: string): void {
    const position = this.#find(id, 1);
    if (position === -1) return;
    this.#columns.removed[position] = 0;
    this.#live++;
    this.#firstLive = Math.min(this.#firstLive, position);
  }

  clear(): () => void {
    const saved = this.#columns.removed.slice(0, this.#count);
    const live = this.#live;
    this.#columns.removed.fill(1, 0, this.#count);
    this.#live = 0;
    return () => {
      this.#columns.removed.set(saved);
      this.#live = live;
      this.#firstLive = 0;
    };
  }

  /** Every event not removed, read from the segments (`snapshot()`: tests and the mock only). */
  all(): EventRecord[] {
    const events: EventRecord[] = [];
    for (let position = 0; position < this.#count; position++) {
      if (this.#columns.removed[position] === 0) events.push(this.#read(position));
    }
    return events;
  }

  /** The positions of the events not removed now: what a rewrite of the log keeps (`copy`). */
  kept(): Uint32Array {
    const kept = new Uint32Array(this.#live);
    let at = 0;
    for (let position = 0; position < this.#count; position++) {
      if (this.#columns.removed[position] === 0) kept[at++] = position;
    }
    return kept.subarray(0, at);
  }

  /** The ids of those of `positions` removed since (a rewrite that kept them must remove them again). */
  removedAmong(positions: Uint32Array): string[] {
    const ids: string[] = [];
    for (const position of positions) {
      if (this.#columns.removed[position] === 1) ids.push(idText(this.#columns.ids, position * 4));
    }
    return ids;
  }

  /**
   * Appends the lines of the events at `positions` (from `kept()`, while their segments are still open)
   * to `file` from byte `offset` on, adding each to `builder`; returns the offset after them. Adjacent
   * lines are copied with one read, so rewriting the log costs its size in large reads, not one per event.
   */
  async copy(
    positions: Uint32Array,
    file: FileHandle,
    offset: number,
    builder: SegmentIndexBuilder,
  ): Promise<number> {
    let at = offset;
    let run = 0;
    while (run < positions.length) {
      const first = positions[run] as number;
      const segment = this.#columns.segment[first] as number;
      const start = this.#columns.offsets[first] as number;
      let end = run + 1;
      let bytes = (this.#columns.lengths[first] as number) + 1;
      while (end < positions.length && bytes < copyRunBytes) {
        const next = positions[end] as number;
        if (this.#columns.segment[next] !== segment || this.#columns.offsets[next] !== start + bytes) break;
        bytes += (this.#columns.lengths[next] as number) + 1;
        end++;
      }
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await readAt(
        (this.#segments[segment] as OpenSegment).fd,
        buffer,
        0,
        bytes,
        start,
      );
      if (bytesRead !== bytes)
        throw new Error(
          `the event segment ${(this.#segments[segment] as OpenSegment).path} is shorter than its index says`,
        );
      await file.write(buffer, 0, bytes, at);
      for (let entry = run; entry < end; entry++) {
        const position = positions[entry] as number;
        builder.addEntry(
          this.#columns.ids,
          position,
          {
            offset: at + (this.#columns.offsets[position] as number) - start,
            length: this.#columns.lengths[position] as number,
            createdAt: this.#columns.createdAt[position] as number,
          },
          this.#valueTextsOf(position),
        );
      }
      at += bytes;
      run = end;
    }
    return at;
  }

  /** Releases the segment files. */
  close(): void {
    this.reset();
  }

  #valueTextsOf(position: number): (string | null)[] {
    const texts: (string | null)[] = [];
    for (let field = 0; field < fieldCount; field++) {
      const code = this.#columns.fields[position * fieldCount + field] as number;
      texts.push(code === NONE ? null : (this.#valueTexts[code] as string));
    }
    return texts;
  }

  /** The fields filters test, from the index; null when the event must be read (an odd `createdAt`). */
  #summary(position: number): EventSummary | null {
    const createdAt = this.#columns.createdAt[position] as number;
    if (Number.isNaN(createdAt)) return null;
    const at = position * fieldCount;
    const value = (field: number) => {
      const code = this.#columns.fields[at + field] as number;
      return code === NONE ? null : this.#values[code];
    };
    return new IndexedSummary(
      {
        organizationId: value(0) as string,
        project: value(1) as EventSummary['project'],
        environment: value(2) as EventSummary['environment'],
        flag: value(3) as EventSummary['flag'],
        kind: value(4) as string,
        action: value(5) as string,
        actor: value(6) as EventSummary['actor'],
      },
      createdAt,
    );
  }

  /** The event at `position`, read from its segment (or read lately). */
  #read(position: number): EventRecord {
    let event = this.#recent.get(position);
    if (event === undefined) {
      event = this.#readFromSegment(position);
      if (this.#recent.size >= recentEvents) this.#recent.delete(this.#recent.keys().next().value as number);
      this.#recent.set(position, event);
    }
    return event;
  }

  #readFromSegment(position: number): EventRecord {
    const segment = this.#segments[this.#columns.segment[position] as number] as OpenSegment;
    const length = this.#columns.lengths[position] as number;
    if (this.#scratch.length < length)
      this.#scratch = Buffer.alloc(Math.max(length, this.#scratch.length * 2));
    const read = readSync(segment.fd, this.#scratch, 0, length, this.#columns.offsets[position] as number);
    const id = idText(this.#columns.ids, position * 4);
    const event =
      read === length ? parseLine(this.#scratch.toString('utf8', 0, length), segment.path, 0) : null;
    if (event?.id !== id) {
      throw new Error(`the event segment ${segment.path} does not hold the event ${id} where its index says`);
    }
    return event;
  }

  /** The first position holding `id` whose removed flag is `removed`, or -1. */
  #find(id: string, removed: 0 | 1): number {
    const words = idWords(id);
    if (words === null) return -1;
    const target = Uint32Array.from(words);
    let low = 0;
    let high = this.#count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareIds(this.#columns.ids, middle * 4, target, 0) < 0) low = middle + 1;
      else high = middle;
    }
    for (let position = low; position < this.#count; position++) {
      if (compareIds(this.#columns.ids, position * 4, target, 0) !== 0) return -1;
      if (this.#columns.removed[position] === removed) return position;
    }
    return -1;
  }

  /** The first index of `list` whose event id is not below `words`. */
  #lowerBound(list: PositionList, words: readonly number[]): number {
    const target = Uint32Array.from(words);
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareIds(this.#columns.ids, list.at(middle) * 4, target, 0) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #valueCode(text: string): number {
    let code = this.#valueCodes.get(text);
    if (code === undefined) {
      code = this.#values.length;
      this.#valueTexts.push(text);
      this.#values.push(Object.freeze(JSON.parse(text)));
      this.#valueCodes.set(text, code);
    }
    return code;
  }

  /** Adds `position` to its organization's, project's and flag's lists. */
  #post(position: number): void {
    const at = position * fieldCount;
    const fields = this.#columns.fields;
    this.#listOf(this.#byOrganization, fields[at] as number, (value) => value as string).push(position);
    const project = fields[at + 1] as number;
    if (project !== NONE) this.#listOf(this.#byProject, project, idOf).push(position);
    const flag = fields[at + 3] as number;
    if (flag !== NONE) this.#listOf(this.#byFlag, flag, idOf).push(position);
  }

  /**
   * The list in `lists` of the value coded `code` (by the id `key` gives of it), looked up by code: a
   * start posts a million events, and a lookup by string each would cost more than all the rest.
   */
  #listOf(lists: Map<string, PositionList>, code: number, key: (value: unknown) => string): PositionList {
    let byCode = this.#listsByCode.get(lists);
    if (byCode === undefined) {
      byCode = [];
      this.#listsByCode.set(lists, byCode);
    }
    let list = byCode[code];
    if (list === undefined) {
      list = listIn(lists, key(this.#values[code]));
      byCode[code] = list;
    }
    return list;
  }

  /** Puts every position in id order again, flags duplicates as removed, and rebuilds the lists. */
  #sortAll(): void {
    const count = this.#count;
    const order = Array.from({ length: count }, (_, index) => index);
    const ids = this.#columns.ids;
    order.sort((a, b) => compareIds(ids, a * 4, ids, b * 4));
    this.#columns.permute(order);
    this.#byOrganization = new Map();
    this.#byProject = new Map();
    this.#byFlag = new Map();
    this.#recent.clear();
    for (let position = 0; position < count; position++) {
      // The same event in two segments (written again after a failed commit): one is enough.
      if (
        position > 0 &&
        this.#columns.removed[position] === 0 &&
        compareIds(this.#columns.ids, (position - 1) * 4, this.#columns.ids, position * 4) === 0
      ) {
        this.#columns.removed[position] = 1;
        this.#live--;
      }
      this.#post(position);
    }
    this.#firstLive = 0;
  }
}

const idOf = (value: unknown): string => (value as { id: string }).id;

function listIn(lists: Map<string, PositionList>, id: string): PositionList {
  let list = lists.get(id);
  if (list === undefined) {
    list = new PositionList();
    lists.set(id, list);
  }
  return list;
}
