/**
 * The reference server as a real process (`@flagplane/server`'s main), for tests that need its real
 * configuration from the environment, such as a small rate limit (FLAGPLANE_RATE_LIMIT).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { identities } from './test-server.js';

const mainScript = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@flagplane/server')),
  'main.js',
);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  readonly baseUrl: string;
  readonly stop: () => Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-server-'));
  const identityFile = path.join(directory, 'identities.json');
  await writeFile(identityFile, JSON.stringify(identities));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [mainScript], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FLAGPLANE_DATA: ':memory:',
      FLAGPLANE_IDENTITIES: identityFile,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(directory, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`the server process did not start:\n${output}`);
}
