import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireFileLock } from './file-lock.js';
import { openFileStore } from './file-store.js';
import { readProcessStatus } from './process-status.js';

let dir: string;
let dataFile: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagplane-lock-'));
  dataFile = join(dir, 'flagplane.json');
  lockFile = `${dataFile}.lock`;
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has run and exited (so nobody runs under it now). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

/** A real second process that writes the lock file for its own pid, as a server would, and stays alive. */
async function processHoldingLock(): Promise<ChildProcess> {
  const script = `
    const fs = require('node:fs'), os = require('node:os');
    fs.writeFileSync(process.argv[1], JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() }), { flag: 'wx' });
    process.stdout.write('ready');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['-e', script, lockFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toBe('ready');
  return child;
}

/** A real process that stays alive, named `title` (what `/proc/<pid>/stat` shows as its command). */
async function liveProcess(title = 'node'): Promise<ChildProcess> {
  const script = `process.title = ${JSON.stringify(title)}; process.stdout.write('ready'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toBe('ready');
  return child;
}

function lockText(pid: number, host = hostname(), fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ pid, hostname: host, startedAt: '2020-01-01T00:00:00.000Z', ...fields });
}

async function openError(): Promise<Error | undefined> {
  return openFileStore({ path: dataFile }).then(
    async (store) => void (await store.close()),
    (error: unknown) => error as Error,
  );
}

const hasProcStat = existsSync('/proc/self/stat');

describe('the data file lock', () => {
  it('writes pid, hostname and start time, and release removes it', async () => {
    const lock = await acquireFileLock(dataFile);
    const owner = JSON.parse(await readFile(lockFile, 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(Date.parse(owner.startedAt)).not.toBeNaN();
    if (hasProcStat) expect(owner.processStartTicks).toBe((await readProcessStatus(process.pid))?.startTicks);
    await lock.release();
    await lock.release();
    expect(existsSync(lockFile)).toBe(false);
    expect(await readdir(dir)).toEqual([]); // no drafts left behind
  });

  it('refuses while another live process holds it, and allows a start once that process is killed', async () => {
    const child = await processHoldingLock();
    const error = await openError();
    expect(error?.message).toContain(dataFile);
    expect(error?.message).toContain(`pid ${child.pid}`);
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(child.pid); // not taken over

    child.kill('SIGKILL');
    await once(child, 'exit');
    const store = await openFileStore({ path: dataFile });
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid);
    await store.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    await writeFile(lockFile, lockText(await deadPid()));
    const store = await openFileStore({ path: dataFile });
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid);
    await store.close();
  });

  it('takes over a lock carrying our own pid that this process does not hold (a restarted pid 1)', async () => {
    await writeFile(lockFile, lockText(process.pid));
    const lock = await acquireFileLock(dataFile);
    await lock.release();
  });

  it.each([
    ['garbage', 'not json at all'],
    ['empty', ''],
    ['a pid that is not a positive integer', lockText(0)],
    ['another host', lockText(process.ppid, 'some-other-host')],
  ])('takes over a lock file that is %s', async (_, content) => {
    await writeFile(lockFile, content);
    const lock = await acquireFileLock(dataFile);
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('lets one of two concurrent opens in this process take a stale lock and refuses the other', async () => {
    await writeFile(lockFile, lockText(await deadPid()));
    // Concurrent starters in separate processes are covered in processes.test.ts.
    const results = await Promise.allSettled([acquireFileLock(dataFile), acquireFileLock(dataFile)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) if (result.status === 'fulfilled') await result.value.release();
  });

  it('is not blocked by a takeover claim left by a starter that died holding it', async () => {
    const dead = await deadPid();
    await writeFile(lockFile, lockText(dead));
    await writeFile(`${lockFile}.takeover`, lockText(dead));
    const lock = await acquireFileLock(dataFile);
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid);
    expect(existsSync(`${lockFile}.takeover`)).toBe(false);
    await lock.release();
  });

  it.skipIf(!hasProcStat)(
    'takes over a lock naming a live pid with another start time (the pid was given to a new process)',
    async () => {
      const child = await liveProcess();
      const startTicks = (await readProcessStatus(child.pid!))!.startTicks;
      await writeFile(lockFile, lockText(child.pid!, hostname(), { processStartTicks: startTicks - 1 }));
      const lock = await acquireFileLock(dataFile);
      expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid);
      await lock.release();
    },
  );

  it.skipIf(!hasProcStat)('refuses a lock naming a live pid with its own start time', async () => {
    const child = await liveProcess();
    const startTicks = (await readProcessStatus(child.pid!))!.startTicks;
    await writeFile(lockFile, lockText(child.pid!, hostname(), { processStartTicks: startTicks }));
    expect((await openError())?.message).toContain(`pid ${child.pid}`);
  });

  it('refuses a lock of a live process whose name holds parentheses (written without a start time)', async () => {
    // Read from the first `)`, this process's stat would say state `Z`: a zombie, wrongly taken over.
    const child = await liveProcess('x) Z 1 (y');
    await writeFile(lockFile, lockText(child.pid!));
    expect((await openError())?.message).toContain(`pid ${child.pid}`);
  });

  it('release leaves a lock that is no longer ours', async () => {
    const lock = await acquireFileLock(dataFile);
    const someoneElse = lockText(process.ppid);
    await writeFile(lockFile, someoneElse);
    await lock.release();
    expect(await readFile(lockFile, 'utf8')).toBe(someoneElse);
  });
});
