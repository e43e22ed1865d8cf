/**
 * The event log in segments beside the data file: a compaction writes only the events since the last
 * one, a restart reads them back (with the journal's), removals rewrite the log, and no file is left
 * behind or trusted that the data file does not name.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flagRecord, useDataFile } from '../../../test/support/store-fixture.js';
import type { EventRecord, StoreData } from '../records.js';
import type { Store } from '../store.js';
import { emptyStoreData } from '../store-data.js';
import { maxSegments } from './event-segments.js';

const fixture = useDataFile('event-segments');
let path: string;
beforeEach(() => {
  ({ path } = fixture);
});

let sequence = 0;
/** An event as the store keeps it; ids in time order, like the server's UUID v7s. */
function event(flag = 'f1'): EventRecord {
  const n = ++sequence;
  const id = `0190${String(n).padStart(4, '0')}-0000-7000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    organizationId: 'o1',
    createdAt: new Date(Date.UTC(2026, 10, 24, 0, 0, n)).toISOString(),
    action: 'toggleFlag',
    actor: { kind: 'User', id: 'u1', name: 'Mel', email: 'mel@acme.test' },
    client: 'curl/8.5',
    requestId: `req-${n}`,
    project: { id: 'p1', key: 'web' },
    environment: { id: 'e1', key: 'production' },
    flag: { id: flag, key: flag },
    resource: { kind: 'FlagEnvironment', id: flag, key: flag },
    changes: [{ path: 'isEnabled', before: n % 2 === 0, after: n % 2 === 1 }],
  };
}

/** A toggle as the server writes it: the flag and its event in one commit. */
async function toggle(store: Store, count: number): Promise<EventRecord[]> {
  const written: EventRecord[] = [];
  for (let index = 0; index < count; index++) {
    const recorded = event();
    const present = await store.read((view) => view.get('flags', 'f1') !== undefined);
    await store.write((tx) => {
      const flag = { ...flagRecord('f1', 'p1', 'checkout'), name: `v${recorded.id}` };
      if (present) tx.put('flags', flag);
      else tx.insert('flags', flag);
      tx.insert('events', recorded);
    });
    written.push(recorded);
  }
  return written;
}

const dataFile = async () =>
  JSON.parse(await readFile(path, 'utf8')) as StoreData & { eventSegments: string[] };
const segmentLines = async (name: string) =>
  (await readFile(`${path}.${name}`, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as EventRecord).id);
const filesBeside = async () =>
  (await readdir(dirname(path))).filter((name) => name.startsWith(basename(path))).sort();
const ids = (events: readonly EventRecord[]) => events.map((recorded) => recorded.id);
const storedIds = (store: Store) => Object.keys(store.snapshot().events).sort();

/** Every event id the named segments hold, in file order. */
async function segmentedIds(): Promise<string[]> {
  const all: string[] = [];
  for (const name of (await dataFile()).eventSegments) all.push(...(await segmentLines(name)));
  return all;
}

describe('event segments', () => {
  it('keeps events out of the data file: each compaction writes only the events since the last one', async () => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    const first = await toggle(store, 10);
    const onDisk = await dataFile();
    expect(onDisk.events).toEqual({});
    expect(onDisk.eventSegments.length).toBeGreaterThan(0);
    const before = await segmentedIds();
    // In order and each once: a prefix of what was written (the rest is still only in the journal).
    expect(before).toEqual(ids(first).slice(0, before.length));
    const firstName = onDisk.eventSegments[0] as string;
    const firstBytes = await readFile(`${path}.${firstName}`);

    const second = await toggle(store, 10);
    const after = await segmentedIds();
    expect((await dataFile()).eventSegments.length).toBeGreaterThan(onDisk.eventSegments.length);
    expect(after).toEqual(ids([...first, ...second]).slice(0, after.length));
    // A segment is never written again once a data file names it.
    expect(await readFile(`${path}.${firstName}`)).toEqual(firstBytes);

    await store.close(); // compacts what the journal holds
    expect(await segmentedIds()).toEqual(ids([...first, ...second]));
    expect(storedIds(await fixture.open())).toEqual(ids([...first, ...second]).sort());
  });

  it('restarts after a crash with the segments and the journal: nothing lost, nothing twice', async () => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    const written = await toggle(store, 13);
    expect(existsSync(`${path}.journal`)).toBe(true);
    expect((await segmentedIds()).length).toBeLessThan(written.length);
    const image = await fixture.crashImage();
    const restarted = await fixture.open({ at: image, compactAfterBytes: 600 });
    expect(storedIds(restarted)).toEqual(ids(written).sort());
    // The replayed events get their segment at the next compaction.
    const later = await toggle(restarted, 8);
    await restarted.close();
    const again = await fixture.open({ at: image });
    expect(storedIds(again)).toEqual(ids([...written, ...later]).sort());
  });

  it('rewrites the log as one segment after a removal, and deletes the old segments', async () => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    const written = await toggle(store, 16);
    const oldSegments = (await dataFile()).eventSegments;
    expect(oldSegments.length).toBeGreaterThan(1);
    const expired = written.slice(0, 5);
    await store.write((tx) => {
      for (const old of expired) tx.remove('events', old.id);
    });
    await store.close();
    const { eventSegments } = await dataFile();
    expect(eventSegments).toHaveLength(1);
    expect(await segmentedIds()).toEqual(ids(written.slice(5)));
    for (const old of oldSegments) expect(existsSync(`${path}.${old}`)).toBe(false);
    expect(storedIds(await fixture.open())).toEqual(ids(written.slice(5)).sort());
  });

  it('honours a removal that only reached the journal before a crash', async () => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    const written = await toggle(store, 9);
    const [oldest] = written as [EventRecord];
    expect(await segmentedIds()).toContain(oldest.id);
    await store.write((tx) => tx.remove('events', oldest.id));
    const image = await fixture.crashImage();
    const restarted = await fixture.open({ at: image, compactAfterBytes: 600 });
    expect(storedIds(restarted)).not.toContain(oldest.id);
    await toggle(restarted, 8);
    await restarted.close();
    expect(storedIds(await fixture.open({ at: image }))).not.toContain(oldest.id);
  });

  it('keeps out of every segment an event removed by the very commit that compacts', async () => {
    const store = await fixture.open({ compactAfterBytes: 1 }); // a compaction whenever the journal is not empty
    const [first, second] = await toggle(store, 2); // the second commit compacts: both in a segment
    const [third] = await toggle(store, 1); // in the journal only
    // This commit compacts and removes the journal-only event with it.
    await store.write((tx) => {
      tx.insert('events', event());
      tx.remove('events', (third as EventRecord).id);
    });
    const later = await toggle(store, 3);
    await store.close();
    const kept = storedIds(await fixture.open());
    expect(kept).not.toContain((third as EventRecord).id);
    expect(kept).toEqual(expect.arrayContaining(ids([first, second, ...later] as EventRecord[])));
    expect(await segmentedIds()).not.toContain((third as EventRecord).id);
  });

  it('never gives a segment name twice, even after a data file renamed into place but not confirmed', async () => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    await toggle(store, 8);
    const { SnapshotFile, SnapshotWriteError } = await import('./snapshot-file.js');
    const original = SnapshotFile.prototype.write;
    // The data file reaches the disk, then its directory sync "fails": it may be what a restart reads.
    vi.spyOn(SnapshotFile.prototype, 'write').mockImplementationOnce(async function (
      this: InstanceType<typeof SnapshotFile>,
      json: string,
    ) {
      await original.call(this, json);
      throw new SnapshotWriteError('directory sync failed', new Error('EIO'), true);
    });
    const named = () => dataFile().then((data) => data.eventSegments);
    const before = await named();
    while ((await named()).join() === before.join()) await toggle(store, 1);
    const unconfirmed = (await named()).at(-1) as string;
    const unconfirmedBytes = await readFile(`${path}.${unconfirmed}`);
    await toggle(store, 12); // later compactions
    expect(await readFile(`${path}.${unconfirmed}`).catch(() => null)).toEqual(unconfirmedBytes);
    const names = await named();
    expect(new Set(names).size).toBe(names.length);
  });

  it('writes the log as one segment again once it has grown to its maximum number of segments', async () => {
    const store = await fixture.open({ compactAfterBytes: 1 }); // a compaction whenever the journal is not empty
    const written: EventRecord[] = [];
    while ((await dataFile()).eventSegments.length < maxSegments) written.push(...(await toggle(store, 1)));
    while ((await dataFile()).eventSegments.length === maxSegments) written.push(...(await toggle(store, 1)));
    const { eventSegments } = await dataFile();
    expect(eventSegments).toEqual([`events-${maxSegments + 1}.jsonl`]);
    expect(await segmentedIds()).toEqual(ids(written));
    expect((await filesBeside()).filter((name) => name.includes('.events-'))).toHaveLength(1);
  });

  it('moves the events of a data file that holds them itself (written before segments) into a segment', async () => {
    const data = emptyStoreData();
    const old = [event(), event()];
    for (const recorded of old) data.events[recorded.id] = recorded;
    await writeFile(path, JSON.stringify({ ...data, journalSeq: 0 }));
    const store = await fixture.open();
    expect(storedIds(store)).toEqual(ids(old).sort());
    const later = await toggle(store, 1);
    await store.close();
    expect((await dataFile()).events).toEqual({});
    expect(await segmentedIds()).toEqual(ids([...old, ...later]));
    expect(storedIds(await fixture.open())).toEqual(ids([...old, ...later]).sort());
  });

  it('does not compact the data file for events alone, until they are four times the threshold', async () => {
    const store = await fixture.open({ compactAfterBytes: 3000 });
    const { SnapshotFile } = await import('./snapshot-file.js');
    const writes = vi.spyOn(SnapshotFile.prototype, 'write');
    const journalSize = async () =>
      existsSync(`${path}.journal`) ? (await readFile(`${path}.journal`)).length : 0;
    const recordOnly = () => store.write((tx) => tx.insert('events', event()));
    while ((await journalSize()) <= 3000) await recordOnly();
    await recordOnly();
    expect(writes).not.toHaveBeenCalled();
    while ((await journalSize()) <= 12_000) await recordOnly();
    await recordOnly(); // past four times the threshold: this commit compacts
    expect(writes).toHaveBeenCalledTimes(1);
    expect(existsSync(`${path}.journal`)).toBe(false);
    expect((await segmentedIds()).length).toBe(Object.keys(store.snapshot().events).length);
  });

  it('deletes at start a segment its data file does not name (written for a data file that never replaced it)', async () => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    await toggle(store, 8);
    await store.close();
    await writeFile(`${path}.events-7.jsonl`, `${JSON.stringify(event())}\n`);
    await writeFile(`${path}.events-8.jsonl.4242.tmp`, 'half a line');
    const before = storedIds(await fixture.open());
    expect(await filesBeside()).not.toContain(`${basename(path)}.events-7.jsonl`);
    expect(await filesBeside()).not.toContain(`${basename(path)}.events-8.jsonl.4242.tmp`);
    expect(before).toHaveLength(8);
  });

  it.each([
    [
      'is missing',
      async () => rm(`${path}.events-1.jsonl`),
      /cannot read the event segment .*events-1\.jsonl/,
    ],
    [
      'has a line that is not JSON',
      async () => writeFile(`${path}.events-1.jsonl`, '{"id":"x"\n'),
      /event segment .*events-1\.jsonl has a line 1 that is not JSON/,
    ],
    [
      'has a line that is not an event',
      async () => writeFile(`${path}.events-1.jsonl`, '[1,2]\n'),
      /event segment .*events-1\.jsonl has a line 1 that is not an event record/,
    ],
  ])('refuses to start when a named segment %s, touching nothing', async (_, damage, message) => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    await toggle(store, 8);
    await store.close();
    await damage();
    const dataBefore = await readFile(path);
    const filesBefore = await filesBeside();
    await expect(fixture.open()).rejects.toThrow(message);
    expect(await readFile(path)).toEqual(dataBefore);
    expect(await filesBeside()).toEqual(filesBefore);
  });

  it('refuses to start on event segments whose data file is missing, deleting nothing', async () => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    await toggle(store, 8);
    await store.close();
    await rm(path);
    const before = await filesBeside();
    await expect(fixture.open()).rejects.toThrow(
      /found event segments \(.*events-1\.jsonl.*\) but not their data file/,
    );
    expect(await filesBeside()).toEqual(before);
  });

  it('refuses a data file naming something that is not a segment (no path leaves the directory)', async () => {
    await writeFile(
      path,
      JSON.stringify({ ...emptyStoreData(), journalSeq: 0, eventSegments: ['../../etc/passwd'] }),
    );
    await expect(fixture.open()).rejects.toThrow(
      /"\.\.\/\.\.\/etc\/passwd" is not the name of an event segment/,
    );
  });

  it('removes a segment it wrote when the data file that would name it cannot be written', async () => {
    const store = await fixture.open({ compactAfterBytes: 600 });
    await toggle(store, 8);
    const { SnapshotFile } = await import('./snapshot-file.js');
    const writes = vi.spyOn(SnapshotFile.prototype, 'write').mockRejectedValueOnce(new Error('disk full'));
    // The compaction fails, its commit goes to the journal instead, and no stray segment stays.
    while (writes.mock.calls.length === 0) await toggle(store, 1);
    const named = new Set((await dataFile()).eventSegments.map((name) => `${basename(path)}.${name}`));
    const segmentFiles = (await filesBeside()).filter((name) => name.includes('.events-'));
    expect(segmentFiles.filter((name) => !named.has(name))).toEqual([]);
    const all = await toggle(store, 8);
    await store.close();
    expect(storedIds(await fixture.open())).toEqual(expect.arrayContaining(ids(all)));
  });
});
