/**
 * Disk failures on the commit path: every write a failed commit carried (and every write applied after
 * it started) is rejected with the file-system error as `cause`, and the memory goes back to exactly what
 * a restart would read from the files. Real failures where the file system can make them (a directory
 * where a file should be, which also works as root); injected ones (EIO, ENOSPC) on FileHandle.
 */
import { existsSync } from 'node:fs';
import { mkdir, open as openFile, readFile, rmdir, unlink } from 'node:fs/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flagRecord as flag, useDataFile } from '../../../test/support/store-fixture.js';
import type { StoreData } from '../records.js';
import type { Store } from '../store.js';
import { emptyStoreData } from '../store-data.js';

const fixture = useDataFile('failure');
const open = (at?: string) => fixture.open({ ...(at ? { at } : {}) });
let path: string;
beforeEach(() => {
  path = fixture.path;
});

/** What a restart would find now: the state opened from a copy of the files. */
async function restartState(): Promise<StoreData> {
  return (await open(await fixture.crashImage())).snapshot();
}

const files = async () => ({
  data: await readFile(path, 'utf8'),
  journal: existsSync(`${path}.journal`) ? await readFile(`${path}.journal`, 'utf8') : null,
});

/** The prototype every `FileHandle` shares, to inject failures into writes, fsyncs and truncations. */
async function fileHandlePrototype(): Promise<
  Record<'write' | 'sync' | 'truncate', (...args: never[]) => unknown>
> {
  const probe = await openFile(path, 'r');
  await probe.close();
  return Object.getPrototypeOf(probe);
}

const fsError = (code: string) => Object.assign(new Error(`${code}: injected`), { code });

/** A durable f1, then two writes that share the next commit and a read that saw them. */
async function failingRound(store: Store) {
  const put = store.write((tx) => tx.put('flags', flag('f1', 'p1', 'alpha', 'renamed')));
  const insert = store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
  const read = store.read((view) => view.get('flags', 'f2')?.key ?? 'absent');
  const results = await Promise.allSettled([put, insert]);
  return { results, read };
}

describe('a failing append', () => {
  it('rejects its writes with the fs error as cause and goes back to the durable state', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const versionBefore = store.peek((view) => view.childrenVersion('flags', 'p1'));
    const before = await files();
    // The journal replaced by a directory: the append's open fails (EISDIR).
    await unlink(`${path}.journal`);
    await mkdir(`${path}.journal`);

    const { results, read } = await failingRound(store);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const error = (results[0] as PromiseRejectedResult).reason as Error;
    expect(error.message).toContain(`${path}.journal`);
    expect((error.cause as NodeJS.ErrnoException).code).toBe('EISDIR');
    expect(await read).toBe('absent'); // the read saw the dropped insert; answered again
    expect(store.snapshot().flags).toEqual({ f1: flag('f1', 'p1', 'alpha') });
    expect(store.peek((view) => view.findByKey('flags', 'p1', 'beta'))).toBeUndefined();
    expect(store.peek((view) => view.countChildren('flags', 'p1'))).toBe(1);
    expect(store.peek((view) => view.childrenVersion('flags', 'p1'))).toBe(versionBefore);
    expect(await readFile(path, 'utf8')).toBe(before.data);

    // The lines the journal held are gone from disk, so the next commit writes the whole data file.
    await rmdir(`${path}.journal`);
    await store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')).flags).sort()).toEqual(['f1', 'f2']);
    expect(existsSync(`${path}.journal`)).toBe(false);
    await store.write((tx) => tx.insert('flags', flag('f3', 'p1', 'gamma')));
    expect(existsSync(`${path}.journal`)).toBe(true); // and the journal is back in use
    expect(await restartState()).toEqual(store.snapshot());
  });

  it.each([
    ['a failed fsync (EIO)', 'sync', 'EIO'],
    ['a disk that fills up halfway through the line (ENOSPC)', 'write', 'ENOSPC'],
  ] as const)('after %s, cuts the line back off and goes on appending', async (_, method, code) => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const before = await files();
    const proto = await fileHandlePrototype();
    const original = proto[method] as (...args: unknown[]) => Promise<unknown>;
    let late: Promise<unknown> | undefined;
    vi.spyOn(proto, method).mockImplementationOnce(async function (this: unknown, ...args: never[]) {
      // A write applied while the failing append is in flight goes down with it.
      late = store.write((tx) => tx.insert('flags', flag('f9', 'p1', 'late')));
      if (method === 'write') {
        const [buffer, offset, length] = args as unknown as [Buffer, number, number];
        await original.call(this, buffer, offset, Math.floor(length / 2)); // half the line reaches the file
      }
      throw fsError(code);
    });

    const { results, read } = await failingRound(store);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(
      (((results[1] as PromiseRejectedResult).reason as Error).cause as NodeJS.ErrnoException).code,
    ).toBe(code);
    expect(await read).toBe('absent');
    await expect(late).rejects.toThrow(`${code}: injected`);
    expect(store.snapshot().flags).toEqual({ f1: flag('f1', 'p1', 'alpha') });
    expect(await files()).toEqual(before); // the journal is byte-identical: the partial line was cut off
    expect(await restartState()).toEqual(store.snapshot());

    await store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    const lines = (await readFile(`${path}.journal`, 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).seq)).toEqual([1, 2]); // the failed line's number, reused
    expect(await restartState()).toEqual(store.snapshot());
  });

  it('when the line cannot be cut back either, writes the whole data file next, skipping that line', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const proto = await fileHandlePrototype();
    // The whole line is written, its fsync fails, and so does the truncation: it may be on disk.
    vi.spyOn(proto, 'sync').mockRejectedValueOnce(fsError('EIO'));
    vi.spyOn(proto, 'truncate').mockRejectedValueOnce(fsError('EIO'));
    const { results } = await failingRound(store);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((await readFile(`${path}.journal`, 'utf8')).trim().split('\n')).toHaveLength(2);

    await store.write((tx) => tx.insert('flags', flag('f3', 'p1', 'gamma')));
    const data = JSON.parse(await readFile(path, 'utf8'));
    expect(data.journalSeq).toBe(2); // the failed line 2 is skipped by any restart from now on
    expect(Object.keys(data.flags).sort()).toEqual(['f1', 'f3']);
    expect(data.flags.f1.name).toBe('alpha');
    expect(await restartState()).toEqual(store.snapshot());
  });
});

describe('a failing snapshot', () => {
  it('rejects a replace and keeps the previous state and files when the data file cannot be written', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const before = await files();
    await mkdir(`${path}.${process.pid}.tmp`);
    const seed = emptyStoreData();
    seed.flags = { f9: flag('f9', 'p1', 'seeded') };
    const replaced = store.replace(seed);
    const after = store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    const results = await Promise.allSettled([replaced, after]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(
      (((results[0] as PromiseRejectedResult).reason as Error).cause as NodeJS.ErrnoException).code,
    ).toBe('EISDIR');
    expect(store.snapshot().flags).toEqual({ f1: flag('f1', 'p1', 'alpha') });
    expect(store.peek((view) => view.findByKey('flags', 'p1', 'alpha')?.id)).toBe('f1');
    expect(await files()).toEqual(before);
    // Nothing reached the disk, so the journal goes on.
    await rmdir(`${path}.${process.pid}.tmp`);
    await store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    expect((await readFile(`${path}.journal`, 'utf8')).trim().split('\n')).toHaveLength(2);
  });

  it('after a data file renamed into place but not made durable, writes the whole file again', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const proto = await fileHandlePrototype();
    const sync = proto.sync as (...args: unknown[]) => Promise<unknown>;
    let syncs = 0;
    // The draft's fsync works, the directory's (after the rename) fails.
    vi.spyOn(proto, 'sync').mockImplementation(function (this: unknown) {
      return ++syncs === 2 ? Promise.reject(fsError('EIO')) : sync.call(this);
    });
    const seed = emptyStoreData();
    seed.flags = { f9: flag('f9', 'p1', 'seeded') };
    await expect(store.replace(seed)).rejects.toThrow(/could not write the data file/);
    expect(store.snapshot().flags).toEqual({ f1: flag('f1', 'p1', 'alpha') });
    // The rejected document is the data file now: the next commit must replace it, not append.
    expect(JSON.parse(await readFile(path, 'utf8')).flags.f9).toBeDefined();
    await store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')).flags).sort()).toEqual(['f1', 'f2']);
    expect(await restartState()).toEqual(store.snapshot());
  });
});
