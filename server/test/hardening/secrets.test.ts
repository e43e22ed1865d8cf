/**
 * §5: only SHA-256 hashes of tokens and keys are stored, and no plaintext is ever stored or logged. A
 * session on a real data file, logging at trace level into memory, uses every token kind (each user,
 * each service token), creates SDK keys of both types, presents keys and forged tokens as credentials,
 * revokes a key and fails one write on a refusing disk; then the data directory and the log are scanned
 * for the plaintexts, and for anything shaped like a token or a key at all.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/access/principal.js';
import { buildServer } from '../../src/app.js';
import { openFileStore } from '../../src/store/file/file-store.js';
import { type Caller, identities, tokens } from '../fixtures.js';
import { filesBeside, refuseWrites } from './support/refusing-disk.js';

const tokenShaped = /fp_(pat|svc|srv|cli)_[A-Za-z0-9]{40}/;
const sha256Hex = /^[0-9a-f]{64}$/;
const project = '/api/v1/orgs/acme/projects/web';
const keys = `${project}/environments/production/sdk-keys`;

let directory: string;
let dataPath: string;
let app: FastifyInstance;
const logLines: string[] = [];
const sdkKeys: string[] = [];
const forged = ['fp_pat_', 'fp_svc_', 'fp_srv_', 'fp_cli_'].map((prefix) => `${prefix}${'F'.repeat(40)}`);

function send(caller: Caller | string | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const token = caller === null ? null : caller in tokens ? tokens[caller as Caller] : caller;
  return app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-secrets-'));
  dataPath = join(directory, 'data.json');
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'trace' }, sink);
  app = await buildServer({ store: await openFileStore({ path: dataPath, logger }), identities, logger });

  expect((await send('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'web' })).statusCode).toBe(201);
  for (const type of ['ServerSide', 'ClientSide', 'ServerSide']) {
    const created = await send('member', 'POST', keys, { type, name: `${type} key` });
    expect(created.statusCode).toBe(201);
    sdkKeys.push(created.json().key);
  }
  // Every token kind, reading and (where its role allows) writing.
  for (const caller of Object.keys(tokens) as Caller[]) {
    expect((await send(caller, 'GET', '/api/v1/me')).statusCode).toBe(200);
    await send(caller, 'GET', `${keys}?limit=1`);
    await send(caller, 'POST', `${project}/flags`, { key: `by-${caller.toLowerCase()}`, type: 'Boolean' });
  }
  // Keys and forged tokens presented as credentials: 401, and not logged either.
  for (const credential of [...sdkKeys, ...forged])
    expect((await send(credential, 'GET', '/api/v1/me')).statusCode).toBe(401);
  await send('owner', 'GET', '/api/v1/me', undefined);
  const firstKey = (await send('owner', 'GET', keys)).json().items[0].id;
  expect((await send('member', 'POST', `${keys}/${firstKey}/revoke`)).statusCode).toBe(204);
  // A key created while the disk refuses writes: 500, and its plaintext goes nowhere.
  const restore = await refuseWrites(dataPath);
  const failed = await send('member', 'POST', keys, { type: 'ServerSide' });
  await restore();
  expect(failed.statusCode).toBe(500);
  expect(failed.body).not.toMatch(tokenShaped);
}, 30_000);

afterAll(async () => {
  await app?.close();
  await app?.store.close();
  await rm(directory, { recursive: true, force: true });
});

const plaintexts = () => [...Object.values(tokens), ...sdkKeys, ...forged];

describe('secrets at rest and in logs (§5)', () => {
  it('keeps no plaintext, and nothing token-shaped, in any file of the data directory', async () => {
    const files = await readdir(directory);
    expect(files).toContain('data.json');
    for (const name of files) {
      const text = await readFile(join(directory, name), 'utf8');
      for (const secret of plaintexts()) {
        expect(text, name).not.toContain(secret);
        expect(text, name).not.toContain(secret.slice(7)); // nor the part after the prefix
      }
      expect(text, name).not.toMatch(tokenShaped);
    }
  });

  it('stores each token and key as the SHA-256 hex of its plaintext, and that on disk', async () => {
    const data = app.store.snapshot();
    const onDisk = [...(await filesBeside(dataPath)).values()].join('\n');
    const credentialHashes = Object.values(data.credentials).map((credential) => credential.hash);
    expect(credentialHashes.sort()).toEqual(Object.values(tokens).map(hashSecret).sort());
    const stored = Object.values(data.sdkKeys);
    expect(stored.map((key) => key.hash).sort()).toEqual(sdkKeys.map(hashSecret).sort());
    for (const hash of [...credentialHashes, ...stored.map((key) => key.hash)]) {
      expect(hash).toMatch(sha256Hex);
      expect(onDisk).toContain(hash);
    }
    for (const key of stored)
      expect(sdkKeys.map((plaintext) => plaintext.slice(-4))).toContain(key.lastFourCharacters);
    expect(hashSecret('fp_pat_x')).toBe(createHash('sha256').update('fp_pat_x').digest('hex'));
  });

  it('logs no plaintext, nothing token-shaped and no bearer credential, even at trace level', () => {
    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(40);
    expect(log).toContain('request failed'); // the failed write was logged, with its error
    for (const secret of plaintexts()) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.slice(7));
    }
    expect(log).not.toMatch(tokenShaped);
    expect(log.toLowerCase()).not.toContain('bearer');
  });

  it('answers the plaintext of an SDK key only in its creation response', async () => {
    const list = await send('owner', 'GET', keys);
    const detail = await send('owner', 'GET', `${keys}/${list.json().items[1].id}`);
    for (const response of [list, detail]) expect(response.body).not.toMatch(tokenShaped);
  });
});
