import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DurableJsonFile } from './durable-json-file.js';
import { openFileStore } from './file-store.js';
import type { FlagRecord, StoreData } from './records.js';
import type { Store } from './store.js';
import { emptyStoreData } from './store-data.js';

function flag(id: string, projectId: string, key: string, name = key): FlagRecord {
  return { id, projectId, key, name } as unknown as FlagRecord;
}

async function onDisk(path: string): Promise<StoreData> {
  return JSON.parse(await readFile(path, 'utf8')) as StoreData;
}

/** Gates still closed when a test ends (opened in afterEach, so a failing test cannot hang close()). */
const openGates: (() => void)[] = [];

/** Holds every disk write of the adapter until `open()`: lets a test look at the store mid-commit. */
function gateDiskWrites() {
  const original = DurableJsonFile.prototype.write;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  openGates.push(open);
  const completed: number[] = [];
  const spy = vi.spyOn(DurableJsonFile.prototype, 'write').mockImplementation(function (
    this: DurableJsonFile,
    data,
  ) {
    const written = original.call(this, data); // serializes now, as the real one does
    return gate.then(async () => {
      await written;
      completed.push(Date.now());
    });
  });
  return { spy, open, completed };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

let dir: string;
let path: string;
const opened: Store[] = [];

async function open(): Promise<Store> {
  const store = await openFileStore({ path });
  opened.push(store);
  return store;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagplane-store-'));
  path = join(dir, 'data', 'flagplane.json');
});

afterEach(async () => {
  for (const openGate of openGates.splice(0)) openGate();
  vi.restoreAllMocks();
  await Promise.allSettled(opened.splice(0).map((store) => store.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('openFileStore', () => {
  it('creates the directory and an empty, compact data file when none exists', async () => {
    const store = await open();
    const text = await readFile(path, 'utf8');
    expect(text).toBe(JSON.stringify(JSON.parse(text))); // not pretty-printed
    const data = JSON.parse(text) as StoreData;
    expect(data.schemaVersion).toBe(1);
    expect(data.cursorSecret).toMatch(/^[\w-]{43}$/);
    expect(data.flags).toEqual({});
    expect(existsSync(`${path}.lock`)).toBe(true);
    expect(await store.read((view) => view.cursorSecret)).toBe(data.cursorSecret);
  });

  it('keeps writes and the cursor secret across a close and a reopen', async () => {
    const first = await open();
    await first.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const secret = first.snapshot().cursorSecret;
    await first.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    const second = await open();
    expect(await second.read((view) => view.findByKey('flags', 'p1', 'alpha')?.id)).toBe('f1');
    expect(second.snapshot().cursorSecret).toBe(secret);
  });

  it.each([
    ['not JSON', '{"schemaVersion": 1, "flags": {', /not valid JSON/],
    ['empty', '', /not valid JSON/],
    [
      'another schema version',
      JSON.stringify({ ...emptyStoreData(), schemaVersion: 2 }),
      /schemaVersion is 2/,
    ],
    ['missing a collection', JSON.stringify({ ...emptyStoreData(), flags: undefined }), /"flags" is missing/],
    ['an array', '[]', /not a JSON object/],
  ])('refuses a file that is %s and leaves it byte-identical', async (_, content, problem) => {
    await mkdir(join(dir, 'data'));
    await writeFile(path, content);
    const error = await openFileStore({ path }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(problem);
    expect(error?.message).toContain(path);
    expect(await readFile(path, 'utf8')).toBe(content);
    expect(existsSync(`${path}.lock`)).toBe(false); // the lock was released on the way out
  });

  it('refuses a second open of the same file in the same process, naming the lock', async () => {
    const first = await open();
    await expect(openFileStore({ path })).rejects.toThrow(`${path}.lock`);
    await first.close();
    await open(); // and the file can be opened again once closed
  });

  it('removes drafts left by a process killed in the middle of a write', async () => {
    await mkdir(join(dir, 'data'));
    await writeFile(`${path}.99999999.tmp`, '{"half": ');
    await open();
    expect(existsSync(`${path}.99999999.tmp`)).toBe(false);
  });
});

describe('write', () => {
  it('resolves once the change is in the file', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    expect((await onDisk(path)).flags.f1?.key).toBe('alpha');
  });

  it('undoes a throwing writer and writes nothing', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const before = await readFile(path, 'utf8');
    const spy = vi.spyOn(DurableJsonFile.prototype, 'write');
    await expect(
      store.write((tx) => {
        tx.put('flags', flag('f1', 'p1', 'alpha', 'renamed'));
        tx.insert('flags', flag('f2', 'p1', 'beta'));
        throw new Error('validation failed');
      }),
    ).rejects.toThrow('validation failed');
    expect(store.snapshot().flags).toEqual({ f1: flag('f1', 'p1', 'alpha') });
    expect(await store.read((view) => view.findByKey('flags', 'p1', 'beta'))).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('refuses an async writer and undoes what it did before its first await', async () => {
    const store = await open();
    await expect(
      store.write(async (tx) => {
        tx.insert('flags', flag('f1', 'p1', 'alpha'));
      }),
    ).rejects.toThrow(/synchronous/);
    expect(store.snapshot().flags).toEqual({});
  });

  it('commits 50 concurrent writes in fewer than 50 disk writes, all of them in the file', async () => {
    const store = await open();
    const spy = vi.spyOn(DurableJsonFile.prototype, 'write');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.write((tx) => {
          tx.insert('flags', flag(`f${i}`, 'p1', `key-${i}`));
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(spy.mock.calls.length).toBeGreaterThan(0);
    expect(spy.mock.calls.length).toBeLessThan(50);
    expect(Object.keys((await onDisk(path)).flags)).toHaveLength(50);
  });

  it('groups the writes that arrive during a disk write into the next one', async () => {
    const store = await open();
    const { spy, open: release } = gateDiskWrites();
    const first = store.write((tx) => tx.insert('flags', flag('f0', 'p1', 'key-0')));
    await flush(); // the first disk write is now in flight, held by the gate
    expect(spy).toHaveBeenCalledTimes(1);
    const later = Array.from({ length: 20 }, (_, i) =>
      store.write((tx) => tx.insert('flags', flag(`f${i + 1}`, 'p1', `key-${i + 1}`))),
    );
    release();
    await Promise.all([first, ...later]);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(Object.keys((await onDisk(path)).flags)).toHaveLength(21);
  });
});

describe('read', () => {
  it('answers without a disk write when nothing is pending, before any macrotask', async () => {
    const store = await open();
    const spy = vi.spyOn(DurableJsonFile.prototype, 'write');
    let answered = false;
    const answer = store
      .read((view) => view.cursorSecret)
      .then(() => {
        answered = true;
      });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(true);
    await answer;
    expect(spy).not.toHaveBeenCalled();
  });

  it('issued while a write is pending, resolves only after that write is on disk', async () => {
    const store = await open();
    const { open: release, completed } = gateDiskWrites();
    const write = store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    let seenOnDiskWhenAnswered: boolean | undefined;
    const read = store
      .read((view) => view.get('flags', 'f1')?.key)
      .then(async (key) => {
        seenOnDiskWhenAnswered = completed.length === 1 && (await onDisk(path)).flags.f1 !== undefined;
        return key;
      });
    await flush();
    expect(seenOnDiskWhenAnswered).toBeUndefined(); // still waiting on the held disk write
    release();
    expect(await read).toBe('alpha');
    expect(seenOnDiskWhenAnswered).toBe(true);
    await write;
  });
});

describe('a failing disk write', () => {
  it('rejects its writes, leaves the file as it was and restores the durable state', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const durable = await readFile(path, 'utf8');
    const versionBefore = await store.read((view) => view.childrenVersion('flags', 'p1'));
    // The store writes through `<path>.<pid>.tmp`: a directory there makes that open fail (EISDIR),
    // which also works as root, unlike removing write permission.
    const draft = `${path}.${process.pid}.tmp`;
    await mkdir(draft);

    const put = store.write((tx) => tx.put('flags', flag('f1', 'p1', 'alpha', 'renamed')));
    const insert = store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    const pendingRead = store.read((view) => view.get('flags', 'f2')?.key ?? 'absent');
    const [putResult, insertResult] = await Promise.allSettled([put, insert]);

    expect(putResult.status).toBe('rejected');
    expect(insertResult.status).toBe('rejected');
    const error = (putResult as PromiseRejectedResult).reason as Error;
    expect(error.message).toContain(path);
    expect((error.cause as NodeJS.ErrnoException).code).toBe('EISDIR');
    expect(await readFile(path, 'utf8')).toBe(durable);
    expect(store.snapshot()).toEqual(JSON.parse(durable));
    // The read saw the dropped insert; it is answered again from the durable state.
    expect(await pendingRead).toBe('absent');
    expect(await store.read((view) => view.findByKey('flags', 'p1', 'beta'))).toBeUndefined();
    expect(await store.read((view) => view.countChildren('flags', 'p1'))).toBe(1);
    expect(await store.read((view) => view.childrenVersion('flags', 'p1'))).not.toBe(versionBefore);

    // Once the disk works again, so do writes.
    await rmdir(draft);
    await store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    expect(Object.keys((await onDisk(path)).flags).sort()).toEqual(['f1', 'f2']);
  });
});

describe('replace, snapshot and close', () => {
  it('replace swaps the whole state durably, without taking ownership of the caller’s object', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const seed = emptyStoreData();
    seed.flags = { f9: flag('f9', 'p1', 'seeded') };
    await store.replace(seed);
    expect((await onDisk(path)).flags).toEqual(seed.flags);
    expect(await store.read((view) => view.findByKey('flags', 'p1', 'seeded')?.id)).toBe('f9');
    expect(await store.read((view) => view.get('flags', 'f1'))).toBeUndefined();
    await store.write((tx) => tx.remove('flags', 'f9'));
    expect(seed.flags.f9).toBeDefined();
  });

  it('replace refuses an invalid document and keeps the state', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const bad = { ...emptyStoreData(), schemaVersion: 3 } as unknown as StoreData;
    await expect(store.replace(bad)).rejects.toThrow(/schemaVersion/);
    expect(store.snapshot().flags.f1).toBeDefined();
  });

  it('snapshot is a deep copy', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const copy = store.snapshot();
    (copy.flags as Record<string, unknown>).f1 = 'scribbled';
    expect(store.snapshot().flags.f1).toEqual(flag('f1', 'p1', 'alpha'));
  });

  it('close waits for pending writes, releases the lock, is idempotent, and refuses later use', async () => {
    const store = await open();
    const write = store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    await Promise.all([store.close(), store.close()]);
    await write;
    expect((await onDisk(path)).flags.f1).toBeDefined();
    expect(existsSync(`${path}.lock`)).toBe(false);
    await expect(store.read(() => 1)).rejects.toThrow(/closed/);
    await expect(store.write(() => 1)).rejects.toThrow(/closed/);
  });
});
