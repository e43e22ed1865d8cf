/**
 * The provider with no server (§23's offline mode): a flags.yaml served as the server would serve it once
 * applied, watched, so a change is served at once with `CONFIGURATION_CHANGED` and its keys; a file that no
 * longer validates leaves the last good flags in use (STALE) until it is fixed.
 */
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OpenFeature, ProviderEvents, ProviderStatus } from '@openfeature/server-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlagplaneProvider } from '../src/index.js';
import { next } from './support/flag-server.js';

let directory: string;
let file: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-openfeature-'));
  file = path.join(directory, 'flags.yaml');
});
afterEach(async () => {
  await OpenFeature.close();
  await rm(directory, { recursive: true, force: true });
});

/** A document with `new-checkout` serving `true` to plan `pro`, and `banner-text` serving `banner`. */
const documentText = (banner: string) =>
  [
    'organization: acme',
    'projects:',
    '  - key: web',
    '    environments: [{ key: production }]',
    '    flags:',
    '      - key: new-checkout',
    '        type: Boolean',
    '        environments:',
    '          production:',
    '            enabled: true',
    '            strategy: TargetedRollout',
    '            rules:',
    '              - variation: "true"',
    '                conditionGroups: [{ conditions: [{ attribute: plan, operator: In, values: [pro] }] }]',
    '      - key: banner-text',
    '        type: String',
    `        variations: [{ key: shown, value: ${JSON.stringify(banner)} }]`,
    '        environments: { production: { enabled: true } }',
    '',
  ].join('\n');

/** Writes the way deploys and editors do: a new file renamed over the old one. */
async function replaceFile(text: string): Promise<void> {
  const temporary = `${file}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

describe('FlagplaneProvider.fromDocument', () => {
  it('serves a flags.yaml, as the server would serve it once applied', async () => {
    await writeFile(file, documentText('Hello'));
    await OpenFeature.setProviderAndWait(
      await FlagplaneProvider.fromDocument(file, { environment: 'production' }),
    );
    const client = OpenFeature.getClient();
    expect(await client.getBooleanValue('new-checkout', false, { targetingKey: 'u', plan: 'pro' })).toBe(
      true,
    );
    expect(await client.getBooleanValue('new-checkout', true, { targetingKey: 'u', plan: 'free' })).toBe(
      false,
    );
    expect(await client.getStringDetails('banner-text', 'x')).toMatchObject({
      value: 'Hello',
      reason: 'STATIC',
    });
  });

  it('serves a change of the file at once, with CONFIGURATION_CHANGED naming the flags that changed', async () => {
    await writeFile(file, documentText('Hello'));
    await OpenFeature.setProviderAndWait(
      await FlagplaneProvider.fromDocument(file, { environment: 'production' }),
    );
    const client = OpenFeature.getClient();
    const changed = next<{ flagsChanged?: string[] } | undefined>((handler) =>
      client.addHandler(ProviderEvents.ConfigurationChanged, handler),
    );
    await replaceFile(documentText('Welcome back'));
    expect((await changed)?.flagsChanged).toEqual(['banner-text']);
    expect(await client.getStringValue('banner-text', 'x')).toBe('Welcome back');
  });

  it('keeps the last good flags (STALE) while the file does not validate, and READY once it does', async () => {
    await writeFile(file, documentText('Hello'));
    await OpenFeature.setProviderAndWait(
      await FlagplaneProvider.fromDocument(file, { environment: 'production' }),
    );
    const client = OpenFeature.getClient();
    const stale = next((handler) => client.addHandler(ProviderEvents.Stale, handler));
    await replaceFile(documentText('Hello').replace('type: String', 'type: Colour'));
    await stale;
    expect(client.providerStatus).toBe(ProviderStatus.STALE);
    expect(await client.getStringValue('banner-text', 'x')).toBe('Hello');
    const ready = next((handler) => client.addHandler(ProviderEvents.Ready, handler));
    await replaceFile(documentText('Fixed'));
    await ready;
    expect(client.providerStatus).toBe(ProviderStatus.READY);
    expect(await client.getStringValue('banner-text', 'x')).toBe('Fixed');
  });

  it('refuses a document that is not valid, listing its problems', async () => {
    await expect(
      FlagplaneProvider.fromDocument(
        {
          organization: 'acme',
          projects: [
            { key: 'web', environments: [{ key: 'production' }], flags: [{ key: 'x', type: 'Colour' }] },
          ],
        } as never,
        { environment: 'production' },
      ),
    ).rejects.toThrow(/not a valid desired state:\n {2}projects\[0\]\.flags\[0\]\.type/);
    await writeFile(file, 'organization: [');
    await expect(FlagplaneProvider.fromDocument(file, { environment: 'production' })).rejects.toThrow();
  });
});
