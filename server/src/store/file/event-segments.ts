/**
 * The event log on disk (§19): events are written once, into segment files beside the data file
 * (`<data file>.events-<n>.jsonl`, one event record per line), not inside it; the data file names them
 * by their suffix (`events-<n>.jsonl`), so the files move together like the data file and its journal. A compaction writes a new
 * segment holding only the events recorded since the last one, and the data file names the segments it
 * includes, so the cost of a compaction follows the writes since the last one, not the size of the log
 * (a million events would otherwise be serialized again at every compaction).
 *
 * Each segment has its index beside it (`<data file>.event-index-<n>`, segment-index.ts), written with it: the store
 * keeps only that index in memory (disk-events.ts) and reads an event from its segment when a page
 * returns it.
 *
 * A segment is never changed once the data file names it. Removing events (retention) rewrites the whole
 * log as one new segment at the next compaction, as does a log grown to `maxSegments` segments; the data
 * file that names the new segment is written after it, and the old segments are deleted after that.
 */
import { type FileHandle, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { messageOf } from '../../errno.js';
import type { EventRecord } from '../records.js';
import type { StoreLogger } from '../store-logger.js';
import { DiskEvents } from './disk-events.js';
import {
  indexSegment,
  readSegmentIndex,
  type SegmentIndex,
  SegmentIndexBuilder,
  writeSegmentIndex,
} from './segment-index.js';

/** More segments than this and the next compaction writes the log as one again. */
export const maxSegments = 256;

/** Events serialized per turn of the event loop while a segment is written: a large log never stalls it. */
const linesPerTurn = 5000;

export class EventSegments {
  readonly #directory: string;
  /** The data file's own name: a segment `events-3.jsonl` is the file `<data file>.events-3.jsonl`. */
  readonly #dataName: string;

  constructor(dataPath: string) {
    this.#directory = dirname(dataPath);
    this.#dataName = basename(dataPath);
  }

  /** The number in a segment's name (`events-3.jsonl`), or null when `name` is not a segment name. */
  numberOf(name: string): number | null {
    const match = /^events-(\d{1,9})\.jsonl$/.exec(name);
    return match ? Number(match[1]) : null;
  }

  /** The name of segment number `number`. */
  nameOf(number: number): string {
    return `events-${number}.jsonl`;
  }

  /** This data file's segment files (and drafts) on disk, named or not. */
  async onDisk(): Promise<string[]> {
    const prefix = `${this.#dataName}.`;
    let files: string[];
    try {
      files = await readdir(this.#directory);
    } catch {
      return [];
    }
    return files.filter(
      (file) => file.startsWith(prefix) && this.numberOf(segmentNameOf(file.slice(prefix.length))) !== null,
    );
  }

  /** Where the segment `name` of this data file is. */
  pathOf(name: string): string {
    return join(this.#directory, `${this.#dataName}.${name}`);
  }

  /** Where the index of the segment `name` (`events-3.jsonl`) is: `<data file>.event-index-3`. */
  indexPathOf(name: string): string {
    return join(this.#directory, `${this.#dataName}.event-index-${this.numberOf(name)}`);
  }

  /**
   * The named segments, through their indexes (disk-events.ts). A segment without a usable index (one
   * written before indexes, or whose index was lost) is read once to build it again. Throws naming the
   * segment that cannot be used.
   */
  async open(names: readonly string[], logger?: StoreLogger): Promise<DiskEvents> {
    const events = new DiskEvents();
    try {
      for (const name of names) {
        if (this.numberOf(name) === null) throw new Error(`"${name}" is not the name of an event segment`);
        const path = this.pathOf(name);
        let bytes: number;
        try {
          bytes = (await stat(path)).size;
        } catch (error) {
          throw new Error(`cannot read the event segment ${path}: ${messageOf(error)}`, { cause: error });
        }
        let index = await readSegmentIndex(this.indexPathOf(name), bytes);
        if (index === null) {
          index = indexSegment(path).index;
          // Derived data: a failure to keep it only means building it again at the next start.
          await writeSegmentIndex(this.indexPathOf(name), index, bytes).catch((error: unknown) =>
            logger?.warn(
              { err: error, segment: path },
              'store: could not write the index of an event segment',
            ),
          );
          logger?.info({ segment: path, events: index.count }, 'store: indexed an event segment');
        }
        events.add(name, path, index);
      }
    } catch (error) {
      events.close();
      throw error;
    }
    return events;
  }

  /**
   * Writes the segment `name`: the lines of `kept` (positions in `from`, copied as they are), then
   * `events`, and its index. Durable but for their directory entries: the data file that names the
   * segment syncs the directory after its own rename, which makes all the renames durable together.
   */
  async write(
    name: string,
    events: readonly EventRecord[],
    kept: { readonly from: DiskEvents; readonly positions: Uint32Array } | null = null,
  ): Promise<SegmentIndex> {
    const path = this.pathOf(name);
    const builder = new SegmentIndexBuilder();
    const bytes = await writeDurably(path, async (file) => {
      let offset = kept === null ? 0 : await kept.from.copy(kept.positions, file, 0, builder);
      for (let start = 0; start < events.length; start += linesPerTurn) {
        const at = offset;
        const lines = events.slice(start, start + linesPerTurn).map((event) => {
          const line = JSON.stringify(event);
          const length = Buffer.byteLength(line);
          builder.add(event, offset, length);
          offset += length + 1;
          return line;
        });
        await file.write(`${lines.join('\n')}\n`, at);
        if (start + linesPerTurn < events.length) await new Promise((resolve) => setImmediate(resolve));
      }
      return offset;
    });
    const index = builder.build();
    await writeSegmentIndex(this.indexPathOf(name), index, bytes);
    return index;
  }

  /** Deletes one segment and its index. Best effort: a leftover is removed at the next start. */
  async remove(name: string): Promise<void> {
    await unlink(this.pathOf(name)).catch(() => {});
    await unlink(this.indexPathOf(name)).catch(() => {});
  }

  /**
   * Deletes this data file's segments (and segment drafts) that `keep` does not name: those of an older
   * data file, or written for one that never replaced it. Best effort: a leftover only wastes space.
   */
  async removeAllBut(keep: readonly string[]): Promise<void> {
    const kept = new Set(keep);
    const prefix = `${this.#dataName}.`;
    let files: string[];
    try {
      files = await readdir(this.#directory);
    } catch {
      return;
    }
    for (const file of files) {
      if (!file.startsWith(prefix)) continue;
      const name = segmentNameOf(file.slice(prefix.length));
      if (this.numberOf(name) === null || (kept.has(name) && !file.endsWith('.tmp'))) continue;
      await unlink(join(this.#directory, file)).catch(() => {});
    }
  }
}

/** The segment a file beside the data file belongs to: itself, its index, or a draft of either. */
function segmentNameOf(file: string): string {
  const name = file.replace(/\.\d+\.tmp$/, '');
  const index = /^event-index-(\d{1,9})$/.exec(name);
  return index ? `events-${index[1]}.jsonl` : name;
}

/** Writes a file through a draft renamed into place, with its content synced first; returns `fill`'s answer. */
async function writeDurably<T>(path: string, fill: (file: FileHandle) => Promise<T>): Promise<T> {
  const draft = `${path}.${process.pid}.tmp`;
  let renamed = false;
  try {
    const file = await open(draft, 'w', 0o600);
    let result: T;
    try {
      result = await fill(file);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(draft, path);
    renamed = true;
    return result;
  } finally {
    if (!renamed) await rm(draft, { force: true }).catch(() => {});
  }
}
