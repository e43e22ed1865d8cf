/**
 * The typed client at run time, and at compile time: the `@ts-expect-error` lines below are compile
 * errors, or this file fails the package's typecheck.
 */
import { OpenFeature } from '@openfeature/server-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { FlagplaneProvider, typedFlags } from '../src/index.js';

/** What `flagplane generate types` writes for this document. */
interface FlagValues {
  'new-checkout': boolean;
  'banner-text': string;
  'max-items': number;
  theme: { [key: string]: string };
}

afterEach(() => OpenFeature.close());

describe('typedFlags', () => {
  it('answers each flag by its type, and a wrong type at run time with the default', async () => {
    const provider = await FlagplaneProvider.fromDocument(
      {
        organization: 'acme',
        projects: [
          {
            key: 'web',
            environments: [{ key: 'production' }],
            flags: [
              {
                key: 'new-checkout',
                type: 'Boolean',
                environments: { production: { enabled: true, defaultVariation: 'true' } },
              },
              { key: 'banner-text', type: 'String', variations: [{ key: 'hi', value: 'Hi' }] },
              { key: 'max-items', type: 'Number', variations: [{ key: 'ten', value: '10' }] },
              { key: 'theme', type: 'Json', variations: [{ key: 'dark', value: '{"background":"#000"}' }] },
            ],
          },
        ],
      },
      { environment: 'production' },
    );
    await OpenFeature.setProviderAndWait(provider);
    const flags = typedFlags<FlagValues>(OpenFeature.getClient());
    const context = { targetingKey: 'user-1' };
    const enabled: boolean = await flags.value('new-checkout', false, context);
    expect(enabled).toBe(true);
    expect(await flags.value('banner-text', 'fallback', context)).toBe('Hi');
    expect(await flags.value('max-items', 0, context)).toBe(10);
    expect(await flags.value('theme', {}, context)).toEqual({ background: '#000' });
    expect(await flags.details('new-checkout', false, context)).toMatchObject({
      variant: 'true',
      reason: 'STATIC',
    });

    // @ts-expect-error: a key the document does not declare
    await flags.value('new-chekout', false, context);
    // @ts-expect-error: a default of another type than the flag's
    await flags.value('new-checkout', 'yes', context);
    // A Json flag may serve any JSON: with flagTypes, a string default still asks for JSON.
    const provider2 = await FlagplaneProvider.fromDocument(
      {
        organization: 'acme',
        projects: [
          {
            key: 'web',
            environments: [{ key: 'production' }],
            flags: [
              { key: 'limit', type: 'Json', variations: [{ key: 'n', value: '25' }] },
              { key: 'nothing', type: 'Json', variations: [{ key: 'null', value: 'null' }] },
            ],
          },
        ],
      },
      { environment: 'production' },
    );
    await OpenFeature.setProviderAndWait('json', provider2);
    const json = typedFlags<{ limit: number | string; nothing: null | string }>(
      OpenFeature.getClient('json'),
      {
        limit: 'Json',
        nothing: 'Json',
      },
    );
    expect(await json.details('limit', 'unset', context)).toMatchObject({ value: 25, reason: 'DISABLED' });
    expect(await json.value('nothing', 'unset', context)).toBeNull();
    expect(await OpenFeature.getClient('json').getObjectValue('limit', {}, context)).toBe(25);

    // Forced through anyway, the provider answers the default with TYPE_MISMATCH.
    const forced = typedFlags<{ 'new-checkout': string }>(OpenFeature.getClient());
    expect(await forced.details('new-checkout', 'yes', context)).toMatchObject({
      value: 'yes',
      errorCode: 'TYPE_MISMATCH',
    });
  });
});
