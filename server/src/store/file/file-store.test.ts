import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flagRecord as flag, useDataFile } from '../../../test/support/store-fixture.js';
import type { StoreData } from '../records.js';
import { emptyStoreData } from '../store-data.js';
import { openFileStore } from './file-store.js';
import { JournalFile } from './journal-file.js';
import { SnapshotFile } from './snapshot-file.js';

async function onDisk(path: string): Promise<StoreData & { journalSeq?: number }> {
  return JSON.parse(await readFile(path, 'utf8')) as StoreData;
}

/** The journal's lines, parsed ([] when there is no journal). */
async function journal(path: string): Promise<{ seq: number; ops: [string, string, unknown][] }[]> {
  if (!existsSync(`${path}.journal`)) return [];
  const text = await readFile(`${path}.journal`, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

/** Gates still closed when a test ends (opened in afterEach, so a failing test cannot hang close()). */
const openGates: (() => void)[] = [];

/** Holds every journal append until `open()`: lets a test look at the store mid-commit. */
function gateAppends() {
  const original = JournalFile.prototype.append;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  openGates.push(open);
  const completed: number[] = [];
  const spy = vi.spyOn(JournalFile.prototype, 'append').mockImplementation(function (
    this: JournalFile,
    line: Buffer,
  ) {
    return gate.then(async () => {
      await original.call(this, line);
      completed.push(Date.now());
    });
  });
  return { spy, open, completed };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

// Gates open before the fixture closes the stores (hooks registered later run first in afterEach).
const fixture = useDataFile('store', join('data', 'flagplane.json'));
const open = () => fixture.open();
let dir: string;
let path: string;
beforeEach(() => {
  ({ directory: dir, path } = fixture);
});

afterEach(() => {
  for (const openGate of openGates.splice(0)) openGate();
});

describe('openFileStore', () => {
  it('creates the directory and an empty, compact data file when none exists, and no journal yet', async () => {
    const store = await open();
    const text = await readFile(path, 'utf8');
    expect(text).toBe(JSON.stringify(JSON.parse(text))); // not pretty-printed
    const data = JSON.parse(text) as StoreData & { journalSeq: number };
    expect(Object.keys(data).slice(0, 2)).toEqual(['schemaVersion', 'journalSeq']);
    expect(data.schemaVersion).toBe(2);
    expect(data.journalSeq).toBe(0);
    expect(data.cursorSecret).toMatch(/^[\w-]{43}$/);
    expect(data.flags).toEqual({});
    expect(existsSync(`${path}.lock`)).toBe(true);
    expect(existsSync(`${path}.journal`)).toBe(false);
    expect(await store.read((view) => view.cursorSecret)).toBe(data.cursorSecret);
    expect(store.snapshot()).not.toHaveProperty('journalSeq'); // a file detail, not part of the data
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

  it('opens a data file written before the journal existed (no journalSeq)', async () => {
    const seed = emptyStoreData();
    seed.flags = { f1: flag('f1', 'p1', 'alpha') };
    await mkdir(join(dir, 'data'));
    await writeFile(path, JSON.stringify(seed));
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    expect((await journal(path)).map((line) => line.seq)).toEqual([1]);
    expect(store.snapshot()).toEqual({ ...seed, flags: { ...seed.flags, f2: flag('f2', 'p1', 'beta') } });
  });

  it('reads a version-1 data file (before the event log) as version 2 with an empty event log', async () => {
    const { events: _, ...withoutEvents } = emptyStoreData();
    const version1 = { ...withoutEvents, schemaVersion: 1, flags: { f1: flag('f1', 'p1', 'alpha') } };
    await mkdir(join(dir, 'data'));
    await writeFile(path, JSON.stringify(version1));
    const store = await open();
    expect(store.snapshot()).toMatchObject({ schemaVersion: 2, events: {}, flags: version1.flags });
    await store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    await store.close();
    expect(Object.keys((await open()).snapshot().flags).sort()).toEqual(['f1', 'f2']);
  });

  it.each([
    ['not JSON', '{"schemaVersion": 1, "flags": {', /not valid JSON/],
    ['empty', '', /not valid JSON/],
    [
      'another schema version',
      JSON.stringify({ ...emptyStoreData(), schemaVersion: 3 }),
      /schemaVersion is 3/,
    ],
    ['missing a collection', JSON.stringify({ ...emptyStoreData(), flags: undefined }), /"flags" is missing/],
    ['an array', '[]', /not a JSON object/],
    ['with a bad journalSeq', JSON.stringify({ ...emptyStoreData(), journalSeq: -1 }), /journalSeq is -1/],
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
  it('resolves once its changes are a journal line, without rewriting the data file', async () => {
    const store = await open();
    const before = await readFile(path, 'utf8');
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    expect(await journal(path)).toEqual([{ seq: 1, ops: [['put', 'flags', flag('f1', 'p1', 'alpha')]] }]);
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('journals the net change of each record, once per group commit', async () => {
    const store = await open();
    await store.write((tx) => {
      tx.insert('flags', flag('f1', 'p1', 'alpha'));
      tx.insert('flags', flag('f2', 'p1', 'beta'));
    });
    await Promise.all([
      store.write((tx) => tx.put('flags', flag('f1', 'p1', 'alpha', 'first'))),
      store.write((tx) => tx.put('flags', flag('f1', 'p1', 'alpha', 'second'))),
      store.write((tx) => {
        tx.insert('flags', flag('f3', 'p1', 'gamma'));
        tx.remove('flags', 'f2');
      }),
    ]);
    const lines = await journal(path);
    expect(lines.map((line) => line.seq)).toEqual([1, 2]);
    expect(lines[1]!.ops).toEqual([
      ['put', 'flags', flag('f1', 'p1', 'alpha', 'second')],
      ['put', 'flags', flag('f3', 'p1', 'gamma')],
      ['remove', 'flags', 'f2'],
    ]);
  });

  it('undoes a throwing writer and journals nothing of it', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const before = await readFile(`${path}.journal`, 'utf8');
    const spy = vi.spyOn(JournalFile.prototype, 'append');
    await expect(
      store.write((tx) => {
        tx.put('flags', flag('f1', 'p1', 'alpha', 'renamed'));
        tx.insert('flags', flag('f2', 'p1', 'beta'));
        throw new Error('validation failed');
      }),
    ).rejects.toThrow('validation failed');
    expect(store.snapshot().flags).toEqual({ f1: flag('f1', 'p1', 'alpha') });
    expect(await store.read((view) => view.findByKey('flags', 'p1', 'beta'))).toBeUndefined();
    // A later write's line carries only its own change, nothing of the undone one.
    await store.write((tx) => tx.insert('flags', flag('f3', 'p1', 'gamma')));
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await readFile(`${path}.journal`, 'utf8')).slice(before.length)).toBe(
      `${JSON.stringify({ seq: 2, ops: [['put', 'flags', flag('f3', 'p1', 'gamma')]] })}\n`,
    );
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

  it('commits 50 concurrent writes in fewer than 50 appends, all of them in the journal', async () => {
    const store = await open();
    const spy = vi.spyOn(JournalFile.prototype, 'append');
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
    expect((await journal(path)).flatMap((line) => line.ops)).toHaveLength(50);
  });

  it('lets writes arriving in the same turn of the event loop join the first commit', async () => {
    const store = await open();
    const spy = vi.spyOn(JournalFile.prototype, 'append');
    const writes = [store.write((tx) => tx.insert('flags', flag('f0', 'p1', 'key-0')))];
    for (let i = 1; i < 5; i++) {
      // Several microtask hops apart, as requests handled in one turn are.
      for (let hop = 0; hop < 5; hop++) await Promise.resolve();
      writes.push(store.write((tx) => tx.insert('flags', flag(`f${i}`, 'p1', `key-${i}`))));
    }
    await Promise.all(writes);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('groups the writes that arrive during an append into the next one', async () => {
    const store = await open();
    const { spy, open: release } = gateAppends();
    const first = store.write((tx) => tx.insert('flags', flag('f0', 'p1', 'key-0')));
    await flush(); // the first append is now in flight, held by the gate
    expect(spy).toHaveBeenCalledTimes(1);
    const later = Array.from({ length: 20 }, (_, i) =>
      store.write((tx) => tx.insert('flags', flag(`f${i + 1}`, 'p1', `key-${i + 1}`))),
    );
    release();
    await Promise.all([first, ...later]);
    expect(spy).toHaveBeenCalledTimes(2);
    expect((await journal(path)).map((line) => line.ops.length)).toEqual([1, 20]);
  });

  it('answers the writes of one commit before it starts the next one', async () => {
    const store = await open();
    const { spy, open: release } = gateAppends();
    const events: string[] = [];
    const first = store
      .write((tx) => tx.insert('flags', flag('f0', 'p1', 'key-0')))
      .then(() => {
        events.push('first answered');
      });
    await flush();
    const second = store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'key-1')));
    // The next commit serializes its line synchronously right before it appends.
    const gated = spy.getMockImplementation()!;
    spy.mockImplementation(function (this: JournalFile, line: Buffer) {
      events.push('next commit started');
      return gated.call(this, line);
    });
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first answered', 'next commit started']);
  });
});

describe('read', () => {
  it('answers without a disk write when nothing is pending, before any macrotask', async () => {
    const store = await open();
    const spy = vi.spyOn(JournalFile.prototype, 'append');
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
    const { open: release, completed } = gateAppends();
    const write = store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    let seenOnDiskWhenAnswered: boolean | undefined;
    const read = store
      .read((view) => view.get('flags', 'f1')?.key)
      .then(async (key) => {
        seenOnDiskWhenAnswered = completed.length === 1 && (await journal(path)).length === 1;
        return key;
      });
    await flush();
    expect(seenOnDiskWhenAnswered).toBeUndefined(); // still waiting on the held append
    release();
    expect(await read).toBe('alpha');
    expect(seenOnDiskWhenAnswered).toBe(true);
    await write;
  });
});

describe('replace, snapshot and close', () => {
  it('replace writes the whole data file and removes the journal, keeping the caller’s object', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    expect(existsSync(`${path}.journal`)).toBe(true);
    const seed = emptyStoreData();
    seed.flags = { f9: flag('f9', 'p1', 'seeded') };
    await store.replace(seed);
    expect(await onDisk(path)).toEqual({ ...seed, journalSeq: 1, eventSegments: [] });
    expect(existsSync(`${path}.journal`)).toBe(false);
    expect(await store.read((view) => view.findByKey('flags', 'p1', 'seeded')?.id)).toBe('f9');
    expect(await store.read((view) => view.get('flags', 'f1'))).toBeUndefined();
    await store.write((tx) => tx.remove('flags', 'f9'));
    expect(seed.flags.f9).toBeDefined();
    expect(await journal(path)).toEqual([{ seq: 2, ops: [['remove', 'flags', 'f9']] }]);
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

  it('close waits for pending writes, compacts, releases the lock, is idempotent, refuses later use', async () => {
    const store = await open();
    const write = store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    await Promise.all([store.close(), store.close()]);
    await write;
    expect((await onDisk(path)).flags.f1).toBeDefined();
    expect((await onDisk(path)).journalSeq).toBe(1);
    expect(existsSync(`${path}.journal`)).toBe(false);
    expect(existsSync(`${path}.lock`)).toBe(false);
    await expect(store.read(() => 1)).rejects.toThrow(/closed/);
    await expect(store.write(() => 1)).rejects.toThrow(/closed/);
  });

  it('close without journaled writes leaves the data file alone', async () => {
    const store = await open();
    const spy = vi.spyOn(SnapshotFile.prototype, 'write');
    await store.close();
    expect(spy).not.toHaveBeenCalled();
  });
});
