/**
 * One write at a time, no load: what a single durable write costs on a data file of a given size, for
 * Flagplane's real file store (`openFileStore`, `store.write` of one flag: compact JSON, fsync, rename,
 * directory fsync) or for lowdb's JSONFile (`db.write()`: pretty JSON, temp file + rename, no fsync).
 * Also times the serialization alone. Prints one JSON line. Run in its own process, on a copy of the data.
 *
 *   node write-cost.mjs --engine flagplane|lowdb --data FILE --repeats N
 */
import { openFileStore } from '@flagplane/server';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { cliOptions } from '../servers/child-protocol.mjs';

const options = cliOptions();
const repeats = Number(options.repeats ?? 3);
const times = { write: [], stringify: [] };
const timed = async (list, fn) => {
  const started = performance.now();
  const value = await fn();
  list.push(performance.now() - started);
  return value;
};

if (options.engine === 'flagplane') {
  const store = await openFileStore({ path: options.data });
  const flagId = store.peek((view) => {
    for (const flag of view.all('flags')) return flag.id;
  });
  for (let i = 0; i < repeats; i++) {
    await timed(times.write, () =>
      store.write((tx) => {
        const flag = tx.get('flags', flagId);
        tx.put('flags', { ...flag, updatedAt: new Date().toISOString() });
      }),
    );
  }
  const document = JSON.parse(JSON.stringify(store.snapshot()));
  for (let i = 0; i < repeats; i++) await timed(times.stringify, () => JSON.stringify(document));
  await store.close();
} else if (options.engine === 'lowdb') {
  const db = new Low(new JSONFile(options.data), {});
  await db.read();
  const [flagId] = Object.keys(db.data.flags);
  for (let i = 0; i < repeats; i++) {
    db.data.flags[flagId] = { ...db.data.flags[flagId], updatedAt: new Date().toISOString() };
    await timed(times.write, () => db.write());
  }
  for (let i = 0; i < repeats; i++) await timed(times.stringify, () => JSON.stringify(db.data, null, 2));
} else {
  throw new Error('--engine flagplane|lowdb');
}
process.stdout.write(`${JSON.stringify(times)}\n`);
