/**
 * The event log on disk (§19): events are written once, into segment files beside the data file
 * (`<data file>.events-<n>.jsonl`, one event record per line), not inside it; the data file names them
 * by their suffix (`events-<n>.jsonl`), so the files move together like the data file and its journal. A compaction writes a new
 * segment holding only the events recorded since the last one, and the data file names the segments it
 * includes, so the cost of a compaction follows the writes since the last one, not the size of the log
 * (a million events would otherwise be serialized again at every compaction).
 *
 * A segment is never changed once the data file names it. Removing events (retention) rewrites the whole
 * log as one new segment at the next compaction, as does a log grown to `maxSegments` segments; the data
 * file that names the new segment is written after it, and the old segments are deleted after that.
 */
import { open, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { messageOf } from '../../errno.js';
import type { EventRecord } from '../records.js';

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
      (file) =>
        file.startsWith(prefix) &&
        this.numberOf(file.slice(prefix.length).replace(/\.\d+\.tmp$/, '')) !== null,
    );
  }

  /** Where the segment `name` of this data file is. */
  pathOf(name: string): string {
    return join(this.#directory, `${this.#dataName}.${name}`);
  }

  /** Every event of the named segments, by id. Throws naming the segment that cannot be used. */
  async read(names: readonly string[]): Promise<Map<string, EventRecord>> {
    const events = new Map<string, EventRecord>();
    for (const name of names) {
      if (this.numberOf(name) === null) throw new Error(`"${name}" is not the name of an event segment`);
      const path = this.pathOf(name);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        throw new Error(`cannot read the event segment ${path}: ${messageOf(error)}`, { cause: error });
      }
      let line = 0;
      for (const lineText of text.split('\n')) {
        line++;
        if (lineText === '') continue;
        let record: unknown;
        try {
          record = JSON.parse(lineText);
        } catch (error) {
          throw new Error(
            `the event segment ${path} has a line ${line} that is not JSON (${messageOf(error)})`,
          );
        }
        if (!isEventLike(record)) {
          throw new Error(`the event segment ${path} has a line ${line} that is not an event record`);
        }
        events.set(record.id, record);
      }
    }
    return events;
  }

  /**
   * Writes `events` as the segment `name`, durably but for its directory entry: the data file that names
   * it syncs the directory after its own rename, which makes both renames durable together.
   */
  async write(name: string, events: readonly EventRecord[]): Promise<void> {
    const path = this.pathOf(name);
    const draft = `${path}.${process.pid}.tmp`;
    let renamed = false;
    try {
      const file = await open(draft, 'w', 0o600);
      try {
        for (let start = 0; start < events.length; start += linesPerTurn) {
          const lines = events.slice(start, start + linesPerTurn).map((event) => JSON.stringify(event));
          await file.write(`${lines.join('\n')}\n`);
          if (start + linesPerTurn < events.length) await new Promise((resolve) => setImmediate(resolve));
        }
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(draft, path);
      renamed = true;
    } finally {
      if (!renamed) await rm(draft, { force: true }).catch(() => {});
    }
  }

  /** Deletes one segment. Best effort: a leftover is removed at the next start. */
  async remove(name: string): Promise<void> {
    await unlink(this.pathOf(name)).catch(() => {});
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
      const name = file.slice(prefix.length).replace(/\.\d+\.tmp$/, '');
      if (this.numberOf(name) === null || (kept.has(name) && !file.endsWith('.tmp'))) continue;
      await unlink(join(this.#directory, file)).catch(() => {});
    }
  }
}

function isEventLike(value: unknown): value is EventRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { organizationId?: unknown }).organizationId === 'string'
  );
}
