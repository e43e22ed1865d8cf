/**
 * Tests with real separate processes running this store: a SIGKILL in the middle of writing, and
 * starters racing for a stale lock. Node 22 runs the TypeScript sources directly (type stripping, on by
 * default only from 22.18, hence the flag); the resolve hook maps the sources' `.js` specifiers to `.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileStore } from './file-store.js';

const here = dirname(fileURLToPath(import.meta.url));
const resolveTsHook = `export async function resolve(specifier, context, next) {
  try { return await next(specifier, context); } catch (error) {
    if (specifier.startsWith('.') && specifier.endsWith('.js')) return next(specifier.slice(0, -3) + '.ts', context);
    throw error;
  }
}`;

const children: ChildProcess[] = [];

/** Runs `body` (an ES module with `openFileStore` and `acquireFileLock` in scope) in a new node process. */
function runStoreProcess(body: string, args: string[]): ChildProcess {
  const source = (file: string) => JSON.stringify(pathToFileURL(join(here, file)).href);
  const script = `
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(resolveTsHook)}));
    const { openFileStore } = await import(${source('file-store.ts')});
    const { acquireFileLock } = await import(${source('file-lock.ts')});
    ${body}`;
  const child = spawn(
    process.execPath,
    ['--no-warnings', '--experimental-strip-types', '--input-type=module', '-e', script, ...args],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

/** Calls `onLine` for each stdout line; resolves with the lines once the process has exited. */
async function lines(child: ChildProcess, onLine: (line: string) => void = () => {}): Promise<string[]> {
  const seen: string[] = [];
  const reader = createInterface({ input: child.stdout! });
  reader.on('line', (line) => {
    seen.push(line);
    onLine(line);
  });
  await once(reader, 'close');
  return seen;
}

let dir: string;
let dataFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagplane-processes-'));
  dataFile = join(dir, 'flagplane.json');
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/**
 * The writer: batches of 16 concurrent writes (14 inserts, a put of the round's counter, a remove of a
 * flag inserted by the batch before), each printing `ack <kind> <id> [n]` once resolved. With a
 * `phase`, the step of a compaction it names is held for 50 ms after printing `compacting`, so a kill on
 * that line lands exactly there: `draft` (draft file created, nothing in it yet), `rename` (draft written
 * and fsynced, not renamed), `unlink` (data file renamed and its directory fsynced, journal not removed).
 */
const writerBody = `
  const [path, phase, compactAfterBytes, round] = process.argv.slice(1);
  const fs = await import('node:fs');
  const { syncBuiltinESMExports } = await import('node:module');
  const hold = () => { process.stdout.write('compacting\\n'); return new Promise((r) => setTimeout(r, 50)); };
  if (phase === 'draft') {
    const probe = await fs.promises.open(process.execPath, 'r');
    const proto = Object.getPrototypeOf(probe);
    await probe.close();
    const writeFile = proto.writeFile;
    proto.writeFile = async function (...args) { await hold(); return writeFile.apply(this, args); };
  }
  for (const [name, suffix] of [['rename', '.tmp'], ['unlink', '.journal']]) {
    if (phase !== name) continue;
    const original = fs.promises[name];
    fs.promises[name] = async (file, ...rest) => {
      if (String(file).endsWith(suffix)) await hold();
      return original(file, ...rest);
    };
    syncBuiltinESMExports(); // the store's named imports of node:fs/promises now see the wrapper
  }
  const store = await openFileStore({ path, compactAfterBytes: Number(compactAfterBytes) });
  const pad = 'x'.repeat(120);
  const counter = 'counter-' + round;
  for (let batch = 0; ; batch++) {
    const id = (i) => 'r' + round + '-' + (batch * 16 + i);
    await Promise.all(Array.from({ length: 16 }, (_, i) => {
      if (i === 0) {
        return store.write((tx) => {
          const record = { id: counter, projectId: 'p1', key: counter, n: batch, pad };
          if (tx.get('flags', counter)) tx.put('flags', record); else tx.insert('flags', record);
        }).then(() => process.stdout.write('ack put ' + counter + ' ' + batch + '\\n'));
      }
      if (i === 1) {
        if (batch === 0) return undefined;
        const gone = 'r' + round + '-' + ((batch - 1) * 16 + 2);
        return store.write((tx) => tx.remove('flags', gone))
          .then(() => process.stdout.write('ack remove ' + gone + '\\n'));
      }
      return store.write((tx) => tx.insert('flags', { id: id(i), projectId: 'p1', key: id(i), pad }))
        // i = 2 is removed by the next batch, which may be durable without having been acknowledged.
        .then(() => process.stdout.write('ack ' + (i === 2 ? 'doomed ' : 'insert ') + id(i) + '\\n'));
    }));
  }`;

interface Acknowledged {
  readonly inserted: Set<string>;
  readonly removed: Set<string>;
  /** counter id → highest acknowledged value */
  readonly counters: Map<string, number>;
}

/** Copies the data file and the journal, as the killed process left them, and opens the copy. */
async function restartFromCopy(round: number) {
  const copy = join(dir, `restart-${round}.json`);
  await copyFile(dataFile, copy);
  if (existsSync(`${dataFile}.journal`)) await copyFile(`${dataFile}.journal`, `${copy}.journal`);
  return openFileStore({ path: copy });
}

describe('with separate processes', () => {
  it('keeps every acknowledged write across SIGKILLs during journal appends and compactions', async () => {
    const rounds = [
      { phase: 'none', compactAfterBytes: 8 << 20, killAfterAcks: 400 }, // appends only
      { phase: 'none', compactAfterBytes: 8 << 20, killAfterAcks: 333 },
      { phase: 'draft', compactAfterBytes: 32 << 10 },
      { phase: 'rename', compactAfterBytes: 32 << 10 },
      { phase: 'unlink', compactAfterBytes: 32 << 10 },
      { phase: 'none', compactAfterBytes: 4 << 10, killAfterAcks: 500 }, // compacting very often
    ];
    const acked: Acknowledged = { inserted: new Set(), removed: new Set(), counters: new Map() };
    for (const [round, { phase, compactAfterBytes, killAfterAcks }] of rounds.entries()) {
      const writer = runStoreProcess(writerBody, [dataFile, phase, String(compactAfterBytes), String(round)]);
      let acks = 0;
      const done = lines(writer, (line) => {
        const [word, kind, id, n] = line.split(' ');
        if (word === 'compacting') {
          if (phase !== 'none') writer.kill('SIGKILL');
          return;
        }
        if (kind === 'insert') acked.inserted.add(id!);
        if (kind === 'remove') acked.removed.add(id!);
        if (kind === 'put') acked.counters.set(id!, Math.max(Number(n), acked.counters.get(id!) ?? -1));
        if (++acks === killAfterAcks) writer.kill('SIGKILL');
      });
      await done;
      if (writer.exitCode === null && writer.signalCode === null) await once(writer, 'exit');
      expect(writer.signalCode, `round ${round}`).toBe('SIGKILL');

      // Where the kill landed, as the files show it.
      const draft = `${dataFile}.${writer.pid}.tmp`;
      if (phase === 'draft') expect(await readFile(draft, 'utf8')).toBe('');
      if (phase === 'rename') expect(JSON.parse(await readFile(draft, 'utf8')).journalSeq).toBeGreaterThan(0);
      if (phase === 'unlink') {
        const { journalSeq } = JSON.parse(await readFile(dataFile, 'utf8'));
        const first = JSON.parse((await readFile(`${dataFile}.journal`, 'utf8')).split('\n')[0]!);
        expect(first.seq).toBeLessThanOrEqual(journalSeq); // a stale journal, to be skipped on replay
      }

      const store = await restartFromCopy(round);
      const flags = store.snapshot().flags as Record<string, { n?: number }>;
      for (const id of acked.inserted) expect(flags[id], `round ${round}: insert ${id}`).toBeDefined();
      for (const id of acked.removed) expect(flags[id], `round ${round}: remove ${id}`).toBeUndefined();
      for (const [id, n] of acked.counters) {
        expect(flags[id]?.n, `round ${round}: put ${id}`).toBeGreaterThanOrEqual(n);
      }
      await store.close();
    }
    expect(acked.inserted.size).toBeGreaterThan(1000);
    // The next start takes the lock over from the killed process, and tidies its draft away.
    expect(JSON.parse(await readFile(`${dataFile}.lock`, 'utf8')).pid).not.toBe(process.pid);
    const store = await openFileStore({ path: dataFile });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await store.close();
  }, 60_000);

  it('lets exactly one of several starters racing for a stale lock take it', async () => {
    for (let round = 0; round < 3; round++) {
      const dead = spawn(process.execPath, ['-e', '']);
      await once(dead, 'exit');
      const lockFile = `${dataFile}.lock`;
      await writeFile(lockFile, JSON.stringify({ pid: dead.pid, hostname: hostname(), startedAt: 'x' }));
      // Every starter waits for the same instant, so their attempts overlap as much as possible.
      const startAt = Date.now() + 1000;
      const starters = Array.from({ length: 4 }, () =>
        runStoreProcess(
          `while (Date.now() < Number(process.argv[2])) {}
           try {
             const lock = await acquireFileLock(process.argv[1]);
             process.stdout.write('won\\n');
             process.stdin.on('data', () => {});
             process.stdin.on('end', () => lock.release().then(() => process.exit(0)));
           } catch (error) {
             process.stdout.write('refused ' + error.message + '\\n');
             process.exit(0);
           }`,
          [dataFile, String(startAt)],
        ),
      );
      const outcomes = await Promise.all(
        starters.map(
          (child) =>
            new Promise<{ child: ChildProcess; line: string }>((resolve) => {
              createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, line }));
            }),
        ),
      );
      const winners = outcomes.filter((o) => o.line === 'won');
      expect(winners, outcomes.map((o) => o.line).join('\n')).toHaveLength(1);
      const winner = winners[0]!.child;
      expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(winner.pid);
      for (const { line } of outcomes.filter((o) => o !== winners[0])) {
        expect(line).toContain(`pid ${winner.pid}`);
      }
      winner.stdin!.end();
      await once(winner, 'exit');
      expect(existsSync(lockFile)).toBe(false);
    }
  }, 30_000);
});
