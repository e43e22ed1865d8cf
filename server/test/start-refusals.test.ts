/**
 * Starts that cannot go ahead, with the built server as a real process: each ends with one line on stderr
 * naming what to fix, a non-zero exit, and no lock (or no file at all) left behind.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '@flagplane/test-support/server-process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mainScript } from './support/built-server.js';

let directory: string;
let blocker: Server | undefined;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-start-'));
});
afterEach(async () => {
  await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)));
  blocker = undefined;
  await rm(directory, { recursive: true, force: true });
});

/** A plain TCP server on a free port, hanging up on whoever connects (so health checks fail fast). */
async function occupyPort(): Promise<number> {
  blocker = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => blocker!.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

function expectOneLineWithoutStack(stderr: string): void {
  expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
  expect(stderr).not.toContain('    at ');
}

describe('a start that cannot listen', () => {
  it('says in one line that the port is in use, exits non-zero, and opens no data file', async () => {
    const port = await occupyPort();
    const dataFile = join(directory, 'data.json');
    const refused = await startServerProcess({
      mainScript,
      env: { PORT: String(port), FLAGPLANE_DATA: dataFile },
    });
    expect(await refused.exited).toBe(1);
    expectOneLineWithoutStack(refused.stderr());
    expect(refused.stderr()).toContain(`cannot listen on 127.0.0.1:${port}: the address is in use`);
    expect(refused.stderr()).toContain('PORT');
    // The port is listened on before the store opens: nothing was loaded or created.
    expect(existsSync(dataFile)).toBe(false);
    expect(existsSync(`${dataFile}.lock`)).toBe(false);

    const next = await startServerProcess({ mainScript, env: { FLAGPLANE_DATA: dataFile } });
    expect((await fetch(`${next.baseUrl}/healthz`)).ok, next.output()).toBe(true);
    next.process.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  });

  it('says in one line that the address is not on this machine', async () => {
    const dataFile = join(directory, 'data.json');
    // 192.0.2.0/24 is reserved for documentation: no machine has it.
    const refused = await startServerProcess({
      mainScript,
      env: { HOST: '192.0.2.1', PORT: '4999', FLAGPLANE_DATA: dataFile },
    });
    expect(await refused.exited).toBe(1);
    expectOneLineWithoutStack(refused.stderr());
    expect(refused.stderr()).toContain('cannot listen on 192.0.2.1:4999');
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
  });
});

describe('a start with an identity file it cannot use', () => {
  it.each([
    ['missing', null, 'cannot read'],
    ['not JSON', '{"organizations": [', 'is not valid JSON'],
    ['not an identity file', '{"organisations": []}', 'is not a valid identity file'],
  ])('refuses when the file is %s, naming it, and creates no file', async (_, content, problem) => {
    const identitiesFile = join(directory, 'identities.json');
    if (content !== null) await writeFile(identitiesFile, content);
    const dataDirectory = join(directory, 'data');
    const refused = await startServerProcess({
      mainScript,
      env: {
        FLAGPLANE_IDENTITIES: identitiesFile,
        FLAGPLANE_DATA: join(dataDirectory, 'data.json'),
      },
    });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain(identitiesFile);
    expect(refused.stderr()).toContain(problem);
    expect(refused.stderr()).not.toContain('    at ');
    expect(existsSync(dataDirectory)).toBe(false);
    expect(await readdir(directory)).toEqual(content === null ? [] : ['identities.json']);
  });
});
