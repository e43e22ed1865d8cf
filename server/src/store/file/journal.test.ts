/**
 * The journal on disk and its replay at start-up. A "crash image" is a copy of the data file and the
 * journal taken while the store is still open: what a restart after a SIGKILL at that moment would find
 * (close would compact them).
 */

import { existsSync } from 'node:fs';
import { open as openFile, readFile, rm, writeFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flagRecord as flag, useDataFile } from '../../../test/support/store-fixture.js';
import type { StoreData } from '../records.js';
import { emptyStoreData } from '../store-data.js';
import { openFileStore } from './file-store.js';

const line = (seq: number, ops: unknown[]) => `${JSON.stringify({ seq, ops })}\n`;

const fixture = useDataFile('journal');
const open = (at?: string) => fixture.open({ ...(at ? { at } : {}) });
let path: string;
beforeEach(() => {
  path = fixture.path;
});

const crashImage = fixture.crashImage;

/** Writes a data file and a journal by hand. */
async function files(data: StoreData & { journalSeq?: number }, journal: string): Promise<void> {
  await writeFile(path, JSON.stringify(data));
  await writeFile(`${path}.journal`, journal);
}

async function refusal(at = path): Promise<Error> {
  return openFileStore({ path: at }).then(
    () => {
      throw new Error('the store opened');
    },
    (error: unknown) => error as Error,
  );
}

describe('the journal', () => {
  it('replays inserts, puts and removes across collections after a crash', async () => {
    const store = await open();
    await store.write((tx) => {
      tx.insert('flags', flag('f1', 'p1', 'alpha'));
      tx.insert('flags', flag('f2', 'p1', 'beta'));
      tx.insert('projects', { id: 'p1', organizationId: 'o1', key: 'web' } as never);
    });
    await store.write((tx) => tx.put('flags', flag('f1', 'p1', 'alpha', 'renamed')));
    await store.write((tx) => {
      tx.remove('flags', 'f2');
      tx.put('flags', flag('f1', 'p2', 'moved')); // another parent and key
    });
    const expected = store.snapshot();
    const image = await crashImage();
    expect((await readFile(`${image}.journal`, 'utf8')).split('\n')).toHaveLength(4);
    const restarted = await open(image);
    expect(restarted.snapshot()).toEqual(expected);
    expect(restarted.peek((view) => view.findByKey('flags', 'p2', 'moved')?.id)).toBe('f1');
    expect(restarted.peek((view) => view.countChildren('flags', 'p1'))).toBe(0);
    // The sequence goes on where the journal ended.
    await restarted.write((tx) => tx.insert('flags', flag('f3', 'p1', 'gamma')));
    const lines = (await readFile(`${image}.journal`, 'utf8')).trim().split('\n');
    expect(JSON.parse(lines.at(-1)!).seq).toBe(4);
  });

  it('skips lines the data file already holds (a crash between a snapshot and removing the journal)', async () => {
    const data = { ...emptyStoreData(), journalSeq: 2 };
    // The snapshot was taken after line 2 plus a commit that renamed f1, which is in no line.
    data.flags = { f1: flag('f1', 'p1', 'alpha', 'newest'), f2: flag('f2', 'p1', 'beta') };
    await files(
      data,
      line(1, [['put', 'flags', flag('f1', 'p1', 'alpha', 'old')]]) +
        line(2, [['put', 'flags', flag('f2', 'p1', 'beta')]]) +
        line(3, [['put', 'flags', flag('f3', 'p1', 'gamma')]]),
    );
    const store = await open();
    expect(store.snapshot().flags).toEqual({
      f1: flag('f1', 'p1', 'alpha', 'newest'), // line 1 was not applied again
      f2: flag('f2', 'p1', 'beta'),
      f3: flag('f3', 'p1', 'gamma'),
    });
  });

  it('replays a line twice without harm (operations are keyed by id)', async () => {
    const data = { ...emptyStoreData(), journalSeq: 0 };
    data.flags = { f1: flag('f1', 'p1', 'alpha'), f2: flag('f2', 'p1', 'beta') };
    // Line 1's changes are already in the data file, as after a fallback append during a compaction.
    await files(
      data,
      line(1, [
        ['put', 'flags', flag('f1', 'p1', 'alpha')],
        ['remove', 'flags', 'gone'],
      ]),
    );
    expect((await open()).snapshot().flags).toEqual(data.flags);
  });

  it('ignores a torn last line and cuts it off, then appends after the whole lines', async () => {
    const store = await open();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    const image = await crashImage();
    const whole = await readFile(`${image}.journal`, 'utf8');
    const torn = line(2, [['put', 'flags', flag('f2', 'p1', 'beta')]]).slice(0, 30);
    await writeFile(`${image}.journal`, whole + torn);
    const restarted = await open(image);
    expect(Object.keys(restarted.snapshot().flags)).toEqual(['f1']);
    expect(await readFile(`${image}.journal`, 'utf8')).toBe(whole);
    await restarted.write((tx) => tx.insert('flags', flag('f3', 'p1', 'gamma')));
    expect(Object.keys((await open(await crashImage(image))).snapshot().flags).sort()).toEqual(['f1', 'f3']);
  });

  it('treats a last line of zeros ending in a newline as torn (blocks a crash left unwritten)', async () => {
    await files(
      emptyStoreData(),
      `${line(1, [['put', 'flags', flag('f1', 'p1', 'alpha')]])}${'\0'.repeat(40)}\n`,
    );
    const store = await open();
    expect(Object.keys(store.snapshot().flags)).toEqual(['f1']);
    expect(await readFile(`${path}.journal`, 'utf8')).toBe(
      line(1, [['put', 'flags', flag('f1', 'p1', 'alpha')]]),
    );
  });

  it.each([
    ['not JSON', '{"seq":2,"ops":[["put","flags",{"id":"f2"', /line 2 is not valid JSON/],
    ['zeros', '\0\0\0\0', /line 2 is not valid JSON/],
    ['an unknown collection', '{"seq":2,"ops":[["put","nope",{"id":"x"}]]}', /unknown collection "nope"/],
    ['an unknown operation', '{"seq":2,"ops":[["patch","flags",{"id":"x"}]]}', /unknown kind "patch"/],
  ])('refuses a corrupt line that is not the last (%s) and changes no file', async (_, corrupt, problem) => {
    const data = emptyStoreData();
    const journal =
      line(1, [['put', 'flags', flag('f1', 'p1', 'alpha')]]) +
      `${corrupt}\n` +
      line(3, [['put', 'flags', flag('f3', 'p1', 'gamma')]]);
    await files(data, journal);
    const error = await refusal();
    expect(error.message).toMatch(problem);
    expect(error.message).toContain(`${path}.journal`);
    expect(error.message).toMatch(/refusing to start/i);
    expect(await readFile(path, 'utf8')).toBe(JSON.stringify(data));
    expect(await readFile(`${path}.journal`, 'utf8')).toBe(journal);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('refuses a last line that is JSON but not a journal entry (not something a crash tears)', async () => {
    await files(emptyStoreData(), '{"seq":1,"ops":"everything"}\n');
    expect((await refusal()).message).toMatch(/line 1 is not a journal entry: ops is not an array/);
  });

  it('refuses a journal with missing lines, or one without its data file', async () => {
    await files({ ...emptyStoreData(), journalSeq: 1 }, line(3, [['remove', 'flags', 'f1']]));
    expect((await refusal()).message).toMatch(
      /line 1 has seq 3 but .* end at seq 1, so changes in between are missing/,
    );
    await rm(path);
    const error = await refusal();
    expect(error.message).toContain(`found the journal ${path}.journal but not its data file`);
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a journal whose lines make two records share a key, naming both files', async () => {
    await files(
      emptyStoreData(),
      line(1, [['put', 'flags', flag('f1', 'p1', 'same')]]) +
        line(2, [['put', 'flags', flag('f2', 'p1', 'same')]]),
    );
    const error = await refusal();
    expect(error.message).toContain(`the data file ${path} with its journal ${path}.journal`);
    expect(error.message).toMatch(/share a key/);
  });

  it('fsyncs the directory on the first append to a new journal only', async () => {
    const store = await open();
    const probe = await openFile(path, 'r');
    const sync = vi.spyOn(Object.getPrototypeOf(probe), 'sync');
    await probe.close();
    await store.write((tx) => tx.insert('flags', flag('f1', 'p1', 'alpha')));
    expect(sync).toHaveBeenCalledTimes(2); // the journal, then its directory
    await store.write((tx) => tx.insert('flags', flag('f2', 'p1', 'beta')));
    expect(sync).toHaveBeenCalledTimes(3); // the journal only
  });
});
