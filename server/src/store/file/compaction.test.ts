/**
 * Compaction: once the journal outgrows max(threshold, ¼ of the data file), a commit writes the whole
 * data file instead of a line and removes the journal. `compactAfterBytes` lowers the threshold so the
 * tests need not write 8 MiB.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rmdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flagRecord, useDataFile } from '../../../test/support/store-fixture.js';
import type { StoreData } from '../records.js';
import type { Store } from '../store.js';
import { emptyStoreData } from '../store-data.js';
import { JournalFile } from './journal-file.js';
import { SnapshotFile } from './snapshot-file.js';

/** About 230 bytes as a journal op. */
const flag = (i: number, name = 'x'.repeat(150)) => flagRecord(`f${i}`, 'p1', `key-${i}`, name);

const fixture = useDataFile('compaction');
const open = fixture.open;
let dir: string;
let path: string;
beforeEach(() => {
  ({ directory: dir, path } = fixture);
});

async function dataFile(): Promise<StoreData & { journalSeq: number }> {
  return JSON.parse(await readFile(path, 'utf8'));
}

const journalSize = async () => (existsSync(`${path}.journal`) ? (await stat(`${path}.journal`)).size : 0);

/** One write per call, each in its own commit. */
async function writeFlags(store: Store, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) await store.write((tx) => tx.insert('flags', flag(i)));
}

describe('compaction', () => {
  it('writes the data file instead of a line once the journal passes the threshold, and empties it', async () => {
    const store = await open({ compactAfterBytes: 2000 });
    const snapshots = vi.spyOn(SnapshotFile.prototype, 'write');
    let written = 0;
    while ((await journalSize()) <= 2000) await writeFlags(store, written++, 1);
    expect(snapshots).not.toHaveBeenCalled();
    const lines = (await readFile(`${path}.journal`, 'utf8')).trim().split('\n').length;
    expect(lines).toBe(written);

    await writeFlags(store, written++, 1); // this commit compacts
    expect(snapshots).toHaveBeenCalledTimes(1);
    expect(existsSync(`${path}.journal`)).toBe(false);
    const data = await dataFile();
    expect(data.journalSeq).toBe(lines); // everything up to the last line, and the compacting commit
    expect(Object.keys(data.flags)).toHaveLength(written);

    await writeFlags(store, written++, 1); // a new journal, going on from the data file's journalSeq
    expect(JSON.parse(await readFile(`${path}.journal`, 'utf8')).seq).toBe(lines + 1);
  });

  it('waits for a quarter of the data file when that is more than the threshold', async () => {
    const seed = emptyStoreData();
    for (let i = 0; i < 100; i++) seed.flags[`s${i}`] = { ...flag(i), id: `s${i}`, key: `seed-${i}` };
    await writeFile(path, JSON.stringify(seed));
    const quarter = (await stat(path)).size / 4;
    const store = await open({ compactAfterBytes: 100 });
    const snapshots = vi.spyOn(SnapshotFile.prototype, 'write');
    let written = 0;
    while ((await journalSize()) <= quarter) await writeFlags(store, written++, 1);
    expect(written).toBeGreaterThan(10);
    expect(snapshots).not.toHaveBeenCalled();
    await writeFlags(store, written++, 1);
    expect(snapshots).toHaveBeenCalledTimes(1);
  });

  it('keeps every write across a compaction, a crash image and a reopen', async () => {
    const store = await open({ compactAfterBytes: 1500 });
    await Promise.all(Array.from({ length: 40 }, (_, i) => store.write((tx) => tx.insert('flags', flag(i)))));
    await writeFlags(store, 40, 20);
    await store.write((tx) => tx.remove('flags', 'f3'));
    const expected = store.snapshot();
    const image = join(dir, 'image', 'flagplane.json');
    await mkdir(join(dir, 'image'));
    await copyFile(path, image);
    if (existsSync(`${path}.journal`)) await copyFile(`${path}.journal`, `${image}.journal`);
    expect((await open({ at: image })).snapshot()).toEqual(expected);
  });

  it('survives a crash between writing the data file and removing the journal', async () => {
    const store = await open({ compactAfterBytes: 1000 });
    // The crash: the journal is never removed (nor forgotten by the store, which goes on appending).
    vi.spyOn(JournalFile.prototype, 'remove').mockResolvedValue();
    const snapshots = vi.spyOn(SnapshotFile.prototype, 'write');
    let written = 0;
    while (snapshots.mock.calls.length === 0) await writeFlags(store, written++, 1);
    await store.write((tx) => tx.put('flags', flag(0, 'renamed after the snapshot')));
    const expected = store.snapshot();
    const image = join(dir, 'image', 'flagplane.json');
    await mkdir(join(dir, 'image'));
    await copyFile(path, image);
    await copyFile(`${path}.journal`, `${image}.journal`);
    const journal = await readFile(`${image}.journal`, 'utf8');
    expect(JSON.parse(journal.split('\n')[0]!).seq).toBe(1); // stale lines are still there
    expect((await open({ at: image })).snapshot()).toEqual(expected);
  });

  it('goes on appending to a journal it could not remove after a compaction', async () => {
    const store = await open({ compactAfterBytes: 1000 });
    const remove = vi.spyOn(JournalFile.prototype, 'remove').mockRejectedValueOnce(new Error('EACCES'));
    const snapshots = vi.spyOn(SnapshotFile.prototype, 'write');
    let written = 0;
    while (snapshots.mock.calls.length === 0) await writeFlags(store, written++, 1);
    expect(remove).toHaveBeenCalledTimes(1);
    const stale = await journalSize();
    await writeFlags(store, written, 2);
    written += 2;
    expect(snapshots).toHaveBeenCalledTimes(1); // appended, not one data file per commit
    expect(await journalSize()).toBeGreaterThan(stale);
    const image = join(dir, 'image', 'flagplane.json');
    await mkdir(join(dir, 'image'));
    await copyFile(path, image);
    await copyFile(`${path}.journal`, `${image}.journal`);
    expect((await open({ at: image })).snapshot()).toEqual(store.snapshot());
    while (snapshots.mock.calls.length === 1) await writeFlags(store, written++, 1);
    expect(existsSync(`${path}.journal`)).toBe(false); // removed by the compaction tried again
  });

  it('appends the commit to the journal when the compaction fails, and tries again later', async () => {
    const store = await open({ compactAfterBytes: 1000 });
    const draft = `${path}.${process.pid}.tmp`;
    await mkdir(draft); // the data file's draft cannot be written (EISDIR)
    const snapshots = vi.spyOn(SnapshotFile.prototype, 'write');
    let written = 0;
    while (snapshots.mock.calls.length === 0) await writeFlags(store, written++, 1);
    const failedAt = await journalSize();
    expect(failedAt).toBeGreaterThan(1000); // the compacting commit was appended instead, and resolved
    expect(Object.keys((await dataFile()).flags)).toHaveLength(0);
    await writeFlags(store, written++, 1);
    expect(snapshots).toHaveBeenCalledTimes(1); // not retried at every commit
    await rmdir(draft);
    while ((await journalSize()) > 0) await writeFlags(store, written++, 1);
    expect(snapshots).toHaveBeenCalledTimes(2);
    expect(Object.keys((await dataFile()).flags)).toHaveLength(written);
  });

  it('close compacts a journal, and the reopened store has everything and no journal', async () => {
    const store = await open();
    await writeFlags(store, 0, 5);
    await store.close();
    expect(existsSync(`${path}.journal`)).toBe(false);
    expect((await dataFile()).journalSeq).toBe(5);
    const reopened = await open();
    expect(Object.keys(reopened.snapshot().flags)).toHaveLength(5);
    await writeFlags(reopened, 5, 1);
    expect(JSON.parse(await readFile(`${path}.journal`, 'utf8')).seq).toBe(6);
  });

  it('close keeps the journal when it cannot compact, and the next start replays it', async () => {
    const store = await open();
    await writeFlags(store, 0, 3);
    await mkdir(`${path}.${process.pid}.tmp`);
    await store.close(); // resolves: nothing is lost, the journal has it all
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(Object.keys((await dataFile()).flags)).toHaveLength(0);
    expect(Object.keys((await open()).snapshot().flags)).toHaveLength(3);
  });
});
