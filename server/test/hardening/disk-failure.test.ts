/**
 * A disk that refuses writes, over HTTP (§18): every write answers 500 internal_error, the data file is
 * left byte-identical, no 2xx is given for a write that was not stored, reads do not show it, and once
 * the disk works again so do writes. Tests run as root, where chmod stops nothing, so the failure is a
 * real one the store hits: directories where it opens its files (support/refusing-disk.ts).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody } from '@flagplane/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/app.js';
import { openFileStore } from '../../src/store/file/file-store.js';
import { identities, tokens } from '../fixtures.js';
import { filesBeside, refuseWrites } from './support/refusing-disk.js';

let directory: string;
let dataPath: string;
let app: FastifyInstance;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-disk-'));
  dataPath = join(directory, 'data.json');
  app = await buildServer({ store: await openFileStore({ path: dataPath }), identities });
  expect((await send('POST', '/api/v1/orgs/acme/projects', { key: 'web' })).statusCode).toBe(201);
  expect(
    (await send('POST', '/api/v1/orgs/acme/projects/web/flags', { key: 'kept', type: 'Boolean' })).statusCode,
  ).toBe(201);
});
afterAll(async () => {
  await app?.close();
  await app?.store.close();
  await rm(directory, { recursive: true, force: true });
});

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${tokens.owner}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const project = '/api/v1/orgs/acme/projects/web';
const writes: [string, 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
  ['create a flag', 'POST', `${project}/flags`, { key: 'lost', type: 'Boolean' }],
  ['toggle', 'POST', `${project}/flags/kept/environments/production/toggle`, { enabled: true }],
  ['rename the project', 'PUT', project, { name: 'Renamed' }],
  ['create an SDK key', 'POST', `${project}/environments/production/sdk-keys`, { type: 'ServerSide' }],
  ['create an environment', 'POST', `${project}/environments`, { key: 'staging' }],
  ['delete a flag', 'DELETE', `${project}/flags/kept`],
];

describe('a disk that refuses writes (§18), over HTTP', () => {
  it('answers 500 internal_error to every write, stores nothing, and recovers when the disk does', async () => {
    const durable = await readFile(dataPath);
    const filesBefore = await filesBeside(dataPath);
    const stateBefore = app.store.snapshot();
    const eventsBefore = (await send('GET', '/api/v1/orgs/acme/events')).json().items;
    const restore = await refuseWrites(dataPath);
    try {
      for (const [what, method, url, body] of writes) {
        const response = await send(method, url, body);
        expect(response.statusCode, what).toBe(500);
        const error = ErrorBody.parse(response.json());
        expect(error.error).toBe('internal_error');
        expect(error.message).toContain(String(response.headers['x-request-id']));
        // No internals: no path, no errno, no stack, no key plaintext.
        expect(response.body).not.toMatch(/EISDIR|data\.json|\.tmp|at .*\.ts|fp_srv_|fp_cli_/);
        expect(await readFile(dataPath), what).toEqual(durable);
      }
      // Writes committed together (group commit) all fail together, none acknowledged.
      const concurrent = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          send('POST', `${project}/flags`, { key: `burst-${index}`, type: 'Boolean' }),
        ),
      );
      expect(concurrent.map((response) => response.statusCode)).toEqual(Array(12).fill(500));
      expect(await readFile(dataPath)).toEqual(durable);

      // Reads still work and show none of the failed writes, nor an event of them (§19).
      expect(app.store.snapshot()).toEqual(stateBefore);
      expect((await send('GET', '/api/v1/orgs/acme/events')).json().items).toEqual(eventsBefore);
      expect((await send('GET', `${project}/flags/lost`)).statusCode).toBe(404);
      expect((await send('GET', `${project}/flags/burst-0`)).statusCode).toBe(404);
      const kept = await send('GET', `${project}/flags/kept/environments/production`);
      expect(kept.json().isEnabled).toBe(false);
      expect((await send('GET', project)).json().name).not.toBe('Renamed');
      expect((await send('GET', `${project}/environments/production/sdk-keys`)).json().items).toEqual([]);
    } finally {
      await restore();
    }
    expect(await filesBeside(dataPath)).toEqual(filesBefore); // data file, journal and lock untouched

    const created = await send('POST', `${project}/flags`, { key: 'after-recovery', type: 'Boolean' });
    expect(created.statusCode).toBe(201);
    const events = (await send('GET', '/api/v1/orgs/acme/events')).json().items;
    expect(events.map((event: { action: string }) => event.action)).toEqual([
      'createFlag',
      ...eventsBefore.map((event: { action: string }) => event.action),
    ]);
    const onDisk = [...(await filesBeside(dataPath)).values()].join('\n'); // data file and journal, if any
    expect(onDisk).toContain('after-recovery');
    expect(onDisk).not.toContain('"lost"');
    expect(onDisk).not.toContain('burst-');
  });

  it('refuses to open a data file whose directory cannot be created, naming it', async () => {
    const blocker = join(directory, 'not-a-directory');
    await writeFile(blocker, 'a file where a directory should be');
    await expect(openFileStore({ path: join(blocker, 'data.json') })).rejects.toThrow(/not-a-directory/);
  });

  it('refuses to open a data file it cannot read, leaving it untouched', async () => {
    const unusable = join(directory, 'is-a-directory.json');
    await mkdir(unusable);
    await expect(openFileStore({ path: unusable })).rejects.toThrow(/is-a-directory\.json/);
  });
});
