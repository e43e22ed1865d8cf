/**
 * The lowdb adapter for the data file. lowdb's own JSONFile pretty-prints and never fsyncs, so a power
 * loss right after an acknowledged write could lose it; this adapter owns the commit path instead:
 * compact JSON to a temporary file, fsync it, rename it over the data file, fsync the directory. A reader
 * of the file (or a restart after a crash) sees the old document or the new one, never a torn one.
 */
import { open, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { hasCode } from './errno.js';
import type { StoreData } from './records.js';
import { checkStoreData } from './store-data.js';

export class DurableJsonFile implements Adapter<StoreData> {
  readonly path: string;
  /** Per process, so a process that takes over a stale lock never writes into its predecessor's draft. */
  readonly #draftPath: string;
  /** The text of the document as last read or durably written: what a failed write falls back to. */
  #durableJson: string | null = null;

  constructor(path: string) {
    this.path = path;
    this.#draftPath = `${path}.${process.pid}.tmp`;
  }

  /** The checked document, or null if the file does not exist. Throws (touching nothing) otherwise. */
  async read(): Promise<StoreData | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (hasCode(error, 'ENOENT')) return null;
      throw new Error(`cannot read the data file ${this.path}: ${messageOf(error)}`, { cause: error });
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(
        `the data file ${this.path} is not valid JSON (${messageOf(error)}); it was left untouched`,
      );
    }
    let data: StoreData;
    try {
      data = checkStoreData(value);
    } catch (error) {
      throw new Error(
        `the data file ${this.path} cannot be used: ${messageOf(error)}; it was left untouched`,
      );
    }
    this.#durableJson = text;
    return data;
  }

  /**
   * Writes `data` durably. It is serialized before this method first awaits: the store keeps applying
   * writes to the same document while the disk write is in flight, and those belong to the next one.
   * On failure it rejects with an Error naming the file, whose `cause` is the file-system error.
   */
  write(data: StoreData): Promise<void> {
    return this.#commit(JSON.stringify(data));
  }

  /** A fresh copy of the document as it was last read or durably written. */
  readDurable(): StoreData {
    if (this.#durableJson === null)
      throw new Error(`store: nothing of ${this.path} has been read or written`);
    return JSON.parse(this.#durableJson) as StoreData;
  }

  /**
   * Deletes drafts left by processes killed in the middle of a write. Only call while holding the lock:
   * then no other process can be writing one.
   */
  async removeLeftoverDrafts(): Promise<void> {
    const prefix = `${basename(this.path)}.`;
    const dir = dirname(this.path);
    for (const name of await readdir(dir)) {
      if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length))) {
        await unlink(join(dir, name)).catch(() => {}); // best effort: a leftover only wastes space
      }
    }
  }

  async #commit(json: string): Promise<void> {
    try {
      const file = await open(this.#draftPath, 'w', 0o600);
      try {
        await file.writeFile(json);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(this.#draftPath, this.path);
      // The rename is only durable once the directory entry is: without this a crash can bring back
      // the old file even though the new one was acknowledged.
      await syncDirectory(dirname(this.path));
    } catch (error) {
      // Not recursive: only ever remove our own draft file, never whatever else sits at that path.
      await rm(this.#draftPath, { force: true }).catch(() => {});
      throw new Error(`could not write the data file ${this.path}: ${messageOf(error)}`, { cause: error });
    }
    this.#durableJson = json;
  }
}

async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) and file systems cannot open or fsync a directory; there the rename is
    // as durable as the platform makes it.
    const unsupported = ['EISDIR', 'EINVAL', 'ENOTSUP', 'EOPNOTSUPP'];
    if (process.platform === 'win32') unsupported.push('EPERM', 'EACCES');
    if (!hasCode(error, ...unsupported)) throw error;
  } finally {
    await handle?.close();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
