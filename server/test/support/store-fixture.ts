/**
 * What the store's tests share: records holding only what the store indexes, and a data file of their
 * own per test (a fresh directory), with every store opened on it closed and the directory removed after.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { type FileStoreOptions, openFileStore } from '../../src/store/file/file-store.js';
import type { FlagRecord, ProjectRecord } from '../../src/store/records.js';
import type { Store } from '../../src/store/store.js';

/** A flag as the store sees it: its id, parent and key index it; the rest of a record is opaque to it. */
export function flagRecord(id: string, projectId: string, key: string, name = key): FlagRecord {
  return { id, projectId, key, name } as unknown as FlagRecord;
}

export function projectRecord(id: string, organizationId: string, key: string): ProjectRecord {
  return { id, organizationId, key } as unknown as ProjectRecord;
}

export interface DataFileFixture {
  /** The test's own directory. */
  readonly directory: string;
  /** The data file in it (the journal is `<path>.journal`). */
  readonly path: string;
  /** Opens a file store on `at` (default: the data file); closed after the test. */
  open(options?: Omit<FileStoreOptions, 'path'> & { at?: string }): Promise<Store>;
  /**
   * A copy of the data file and its journal as they are on disk now, in a directory of its own: what a
   * process starting after a crash at this moment would find. Returns the copy's data file.
   */
  crashImage(of?: string): Promise<string>;
}

/**
 * Registers `beforeEach`/`afterEach` hooks that give each test a fresh data file. `relativePath` places
 * it in the directory (`data/flagplane.json` puts it in a directory that does not exist yet).
 */
export function useDataFile(prefix: string, relativePath = 'flagplane.json'): DataFileFixture {
  let directory = '';
  let images = 0;
  const opened: Store[] = [];
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), `flagplane-${prefix}-`));
    images = 0;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.allSettled(opened.splice(0).map((store) => store.close()));
    await rm(directory, { recursive: true, force: true });
  });
  const fixture: DataFileFixture = {
    get directory() {
      return directory;
    },
    get path() {
      return join(directory, relativePath);
    },
    async open({ at, ...options } = {}) {
      const store = await openFileStore({ ...options, path: at ?? fixture.path });
      opened.push(store);
      return store;
    },
    async crashImage(of = fixture.path) {
      const imageDirectory = join(directory, `image-${++images}`);
      await mkdir(imageDirectory);
      const image = join(imageDirectory, 'flagplane.json');
      await copyFile(of, image);
      if (existsSync(`${of}.journal`)) await copyFile(`${of}.journal`, `${image}.journal`);
      // The event segments (`<data file>.events-<n>.jsonl`, event-segments.ts), renamed along with it.
      const segmentPrefix = `${basename(of)}.events-`;
      for (const name of await readdir(dirname(of))) {
        if (name.startsWith(segmentPrefix) && name.endsWith('.jsonl')) {
          const suffix = name.slice(basename(of).length);
          await copyFile(join(dirname(of), name), `${image}${suffix}`);
        }
      }
      return image;
    },
  };
  return fixture;
}
