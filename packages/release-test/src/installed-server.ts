/**
 * The reference server as a consumer runs it after `npm install @flagplane/server`: `npx flagplane-server`
 * in their project, in memory, with an identity file giving one organization and its owner's token.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort } from '@flagplane/test-support/server-process';
import type { Consumer } from './consumer.js';

/** A well-formed personal access token (`fp_pat_` and 40 characters). */
export const ownerToken = `fp_pat_${'releasetestowner'.padEnd(40, '0')}`;
export const organization = 'acme';

const identities = {
  organizations: [{ slug: organization, name: 'Acme Inc', plan: 'Pro' }],
  users: [
    {
      email: 'owner@acme.test',
      name: 'Olive Owner',
      emailVerified: true,
      memberships: { [organization]: 'Owner' },
      tokens: [ownerToken],
    },
  ],
  serviceTokens: [],
};

export interface InstalledServer {
  readonly baseUrl: string;
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`flagplane-server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`flagplane-server did not answer at ${baseUrl} within 30 s:\n${output()}`);
}

export async function startInstalledServer(consumer: Consumer): Promise<InstalledServer> {
  await consumer.writeFile('identities.json', JSON.stringify(identities, null, 2));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Its own process group, so stopping it reaches the server under npx.
  const child = spawn('npx', ['flagplane-server'], {
    cwd: consumer.directory,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: consumer.environment({
      PORT: String(port),
      HOST: '127.0.0.1',
      FLAGPLANE_DATA: ':memory:',
      FLAGPLANE_IDENTITIES: path.join(consumer.directory, 'identities.json'),
      LOG_LEVEL: 'warn',
    }),
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = once(child, 'exit');
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  try {
    await waitUntilReady(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output: () => output, stop };
}
