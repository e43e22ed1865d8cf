/**
 * The event log's index in memory (§19): the memory store's whole log, and on the other stores the events
 * not yet where they keep the rest (cold-events.ts). Every organization's events, and every project's and
 * flag's, in id order.
 * Event ids are UUID v7, so id order is time order, and newest first is a walk from the end. A page
 * walks the narrowest list its filters allow (a flag's, a project's, else the organization's), finds
 * where the cursor left off by binary search, and tests the other filters on the way, so a flag's page
 * costs the same whether the organization holds a thousand events or a million.
 *
 * Appending in id order is a push; retention removes the oldest, which only moves a list's start.
 */
import { type EventFilter, eventMatches, narrowestList } from './event-filter.js';
import type { EventRecord } from './records.js';

/** One list in id order; `start` skips the removed oldest entries until it is worth compacting. */
class EventList {
  #events: EventRecord[] = [];
  #start = 0;

  get size(): number {
    return this.#events.length - this.#start;
  }

  add(event: EventRecord): void {
    const last = this.#events[this.#events.length - 1];
    if (last === undefined || last.id < event.id) {
      this.#events.push(event);
      return;
    }
    // An id older than the newest (a clock set back, or a copied store): keep the order.
    this.#events.splice(this.#positionAfter(event.id), 0, event);
  }

  remove(event: EventRecord): void {
    const index = this.#positionAfter(event.id) - 1;
    if (index < this.#start || this.#events[index]?.id !== event.id) return;
    if (index === this.#start) {
      this.#events[index] = undefined as unknown as EventRecord; // let it be collected
      this.#start++;
      if (this.#start > 1024 && this.#start * 2 > this.#events.length) {
        this.#events = this.#events.slice(this.#start);
        this.#start = 0;
      }
    } else {
      this.#events.splice(index, 1);
    }
  }

  /** Newest first, starting below `beforeId` (all when null), while `visit` returns true. */
  walkNewestFirst(beforeId: string | null, visit: (event: EventRecord) => boolean): void {
    const end = beforeId === null ? this.#events.length : this.#positionAfter(beforeId, true);
    for (let index = end - 1; index >= this.#start; index--) {
      if (!visit(this.#events[index] as EventRecord)) return;
    }
  }

  /** Oldest first, while events were created before `before` and `visit` returns true. */
  walkOldestFirst(before: string, visit: (event: EventRecord) => boolean): void {
    for (let index = this.#start; index < this.#events.length; index++) {
      const event = this.#events[index] as EventRecord;
      if (event.createdAt >= before || !visit(event)) return;
    }
  }

  /** The first position whose id is greater than `id` (or at least `id`, with `inclusive`). */
  #positionAfter(id: string, inclusive = false): number {
    let low = this.#start;
    let high = this.#events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const candidate = (this.#events[middle] as EventRecord).id;
      if (candidate < id || (!inclusive && candidate === id)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

export class EventIndex {
  readonly #byOrganization = new Map<string, EventList>();
  readonly #byProject = new Map<string, EventList>();
  readonly #byFlag = new Map<string, EventList>();

  /** How many events it holds: every event is in its organization's list. */
  get size(): number {
    let count = 0;
    for (const list of this.#byOrganization.values()) count += list.size;
    return count;
  }

  add(event: EventRecord): void {
    listIn(this.#byOrganization, event.organizationId).add(event);
    if (event.project) listIn(this.#byProject, event.project.id).add(event);
    if (event.flag) listIn(this.#byFlag, event.flag.id).add(event);
  }

  remove(event: EventRecord): void {
    removeFrom(this.#byOrganization, event.organizationId, event);
    if (event.project) removeFrom(this.#byProject, event.project.id, event);
    if (event.flag) removeFrom(this.#byFlag, event.flag.id, event);
  }

  /** Up to `limit` events matching `filter`, newest first, older than the event `beforeId`. */
  page(filter: EventFilter, beforeId: string | null, limit: number): EventRecord[] {
    const list = narrowestList(filter, {
      byFlag: this.#byFlag,
      byProject: this.#byProject,
      byOrganization: this.#byOrganization,
    });
    const found: EventRecord[] = [];
    list?.walkNewestFirst(beforeId, (event) => {
      if (eventMatches(filter, event)) found.push(event);
      return found.length < limit;
    });
    return found;
  }

  /** The ids of the oldest events of every organization created before `before`, up to `limit` of them. */
  oldest(before: string, limit: number): string[] {
    const found: string[] = [];
    for (const list of this.#byOrganization.values()) {
      list.walkOldestFirst(before, (event) => {
        found.push(event.id);
        return found.length < limit;
      });
      if (found.length >= limit) break;
    }
    return found;
  }
}

function listIn(lists: Map<string, EventList>, id: string): EventList {
  let list = lists.get(id);
  if (list === undefined) {
    list = new EventList();
    lists.set(id, list);
  }
  return list;
}

function removeFrom(lists: Map<string, EventList>, id: string, event: EventRecord): void {
  const list = lists.get(id);
  list?.remove(event);
  if (list?.size === 0) lists.delete(id);
}
