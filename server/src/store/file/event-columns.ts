/**
 * The disk index's columns (disk-events.ts): one entry per event position, in typed arrays (numbers,
 * never an object per event), grown as segments are added.
 */
import { fieldCount } from './segment-index.js';

type Column = Uint32Array | Float64Array | Uint8Array;

export class EventColumns {
  /** Each id as 4 words (segment-index.ts `idWords`). */
  ids = new Uint32Array(0);
  /** The number of the open segment that holds the event. */
  segment = new Uint32Array(0);
  offsets = new Float64Array(0);
  lengths = new Uint32Array(0);
  /** Milliseconds, or NaN: read the event for its time. */
  createdAt = new Float64Array(0);
  /** `fieldCount` value codes per event. */
  fields = new Uint32Array(0);
  /** 1: removed (retention), until the next rewrite of the log leaves it out. */
  removed = new Uint8Array(0);

  /** Makes room for `capacity` events, growing by half at least (appends stay amortized O(1)). */
  reserve(capacity: number): void {
    if (capacity <= this.segment.length) return;
    const size = Math.max(capacity, Math.ceil(this.segment.length * 1.5), 1024);
    const grow = <T extends Column>(column: T, width = 1): T => {
      const grown = new (column.constructor as new (length: number) => T)(size * width);
      grown.set(column);
      return grown;
    };
    this.#each(grow);
  }

  /** Reorders every column: position `to` takes what position `order[to]` held. */
  permute(order: readonly number[]): void {
    const permute = <T extends Column>(column: T, width = 1): T => {
      const sorted = new (column.constructor as new (length: number) => T)(column.length);
      order.forEach((from, to) => {
        sorted.set(column.subarray(from * width, from * width + width), to * width);
      });
      return sorted;
    };
    this.#each(permute);
  }

  #each(change: <T extends Column>(column: T, width?: number) => T): void {
    this.ids = change(this.ids, 4);
    this.segment = change(this.segment);
    this.offsets = change(this.offsets);
    this.lengths = change(this.lengths);
    this.createdAt = change(this.createdAt);
    this.fields = change(this.fields, fieldCount);
    this.removed = change(this.removed);
  }
}
