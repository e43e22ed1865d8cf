import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { readProcessStatus } from './process-status.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function firstLine(child: ChildProcess): Promise<string> {
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return line;
}

/** Seconds since boot, from the kernel, to check a start time against without parsing `stat`. */
function secondsSinceBoot(): number {
  return Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
}

describe.skipIf(!existsSync('/proc/self/stat'))('the status of a process, from /proc', () => {
  it('reads the state and start time of a live process whose name holds spaces and parentheses', async () => {
    // A name that fools a parser reading from the first `)`: it would see state `Z` and a wrong start time.
    const child = spawn(
      process.execPath,
      ['-e', "process.title = 'x) Z 1 (y'; console.log('ready'); setInterval(() => {}, 1000)"],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    expect(await firstLine(child)).toBe('ready');
    expect(readFileSync(`/proc/${child.pid}/comm`, 'utf8').trim()).toBe('x) Z 1 (y');

    const status = await readProcessStatus(child.pid!);
    expect(['R', 'S']).toContain(status?.state);
    const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
    // The child started within the last few seconds.
    expect(Math.abs(status!.startTicks / ticksPerSecond - secondsSinceBoot())).toBeLessThan(5);
  });

  it('sees a killed process that its parent never reaped as a zombie', async () => {
    // `sleep 600` is the parent of the killed `sleep 300` and never waits for it.
    const parent = spawn('sh', ['-c', 'sleep 300 & echo $!; exec sleep 600'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(parent);
    const killed = Number(await firstLine(parent));
    // Only once the shell has become `sleep 600`: a shell still running would reap its child itself.
    for (let attempt = 0; attempt < 100; attempt++) {
      const name = await readFile(`/proc/${parent.pid}/comm`, 'utf8').catch(() => '');
      if (name.trim() === 'sleep') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    process.kill(killed, 'SIGKILL');
    let status = await readProcessStatus(killed);
    for (let attempt = 0; status?.state !== 'Z' && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await readProcessStatus(killed);
    }
    expect(status?.state).toBe('Z');
  });

  it('is null for a process that no longer exists', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    expect(await readProcessStatus(child.pid!)).toBeNull();
  });
});
