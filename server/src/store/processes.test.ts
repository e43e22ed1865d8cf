/**
 * Tests with real separate processes running this store: a SIGKILL in the middle of writing, and
 * starters racing for a stale lock. Node 22 runs the TypeScript sources directly (type stripping, on by
 * default only from 22.18, hence the flag); the resolve hook maps the sources' `.js` specifiers to `.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

describe('with separate processes', () => {
  it('keeps every acknowledged write after a SIGKILL, and the next start takes over the lock', async () => {
    // Batches of concurrent writes, so the kill lands among group commits of several writes.
    const writer = runStoreProcess(
      `const store = await openFileStore({ path: process.argv[1] });
       for (let batch = 0; ; batch++) {
         await Promise.all(Array.from({ length: 5 }, (_, i) => {
           const id = 'f' + (batch * 5 + i);
           return store.write((tx) => tx.insert('flags', { id, projectId: 'p1', key: id }))
             .then(() => process.stdout.write('ack ' + id + '\\n'));
         }));
       }`,
      [dataFile],
    );
    const acknowledged: string[] = [];
    const done = lines(writer, (line) => {
      acknowledged.push(line.slice('ack '.length));
      if (acknowledged.length === 60) writer.kill('SIGKILL');
    });
    await done;
    if (writer.exitCode === null && writer.signalCode === null) await once(writer, 'exit');
    expect(writer.signalCode).toBe('SIGKILL');
    expect(JSON.parse(await readFile(`${dataFile}.lock`, 'utf8')).pid).toBe(writer.pid); // left behind

    const store = await openFileStore({ path: dataFile });
    const present = store.snapshot().flags;
    for (const id of acknowledged) expect(present[id], `acknowledged write ${id}`).toBeDefined();
    await store.close();
  }, 20_000);

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
