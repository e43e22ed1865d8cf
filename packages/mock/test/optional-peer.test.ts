/**
 * An optional peer that is not installed fails with a message naming the package and the command that
 * installs it; any other import failure is passed on untouched. (Without nock installed at all, through
 * `mock.nock()` itself: packages/release-test, in a consumer's project installed from a registry.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nockPeer } from '../src/nock-interceptors.js';
import { importOptionalPeer, MissingPeerDependencyError } from '../src/optional-peer.js';

/** A specifier in a variable, so TypeScript does not resolve it: a package no registry has. */
const absentPackage = 'flagplane-test-package-that-is-not-installed';
const importAbsent = () => import(absentPackage);

describe('importOptionalPeer', () => {
  it('names the missing package and how to install it', async () => {
    const peer = { name: absentPackage, range: '^1.2.3', neededBy: 'mock.example()' };
    const failure = await importOptionalPeer(peer, importAbsent).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MissingPeerDependencyError);
    expect((failure as MissingPeerDependencyError).packageName).toBe(absentPackage);
    expect((failure as Error).message).toBe(
      `mock.example() needs the package "${absentPackage}", which is not installed. @flagplane/mock lists ` +
        `it as an optional peer dependency: install it beside the mock with ` +
        `\`npm install --save-dev ${absentPackage}@"^1.2.3"\`.`,
    );
    expect((failure as Error).cause).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
  });

  it('passes on a failure that is not the peer missing', async () => {
    // The peer is "there", but a file it imports is not: no install advice would help.
    const missingFile = './no-such-file.js';
    const broken = () => import(missingFile);
    const failure = await importOptionalPeer(nockPeer, broken).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(MissingPeerDependencyError);
    expect(failure).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });

    const thrown = new TypeError('nock failed to start');
    await expect(importOptionalPeer(nockPeer, () => Promise.reject(thrown))).rejects.toBe(thrown);
  });

  it('returns the module when it is installed', async () => {
    const nock = await importOptionalPeer(nockPeer, () => import('nock'));
    expect(typeof nock.default).toBe('function');
  });

  it('asks for the range package.json declares', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.peerDependencies[nockPeer.name]).toBe(nockPeer.range);
  });
});
