/** §23's flat context, read by the provider as the server reads it (the contract's OfrepContext). */
import { OfrepContext } from '@flagplane/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFlatContext } from '../src/index.js';

describe('readFlatContext', () => {
  it('takes targetingKey as the key and the rest as attributes, leaving nulls out', () => {
    expect(
      readFlatContext({ targetingKey: 'user-1', plan: 'pro', age: 42, beta: true, tags: ['a'], gone: null }),
    ).toEqual({
      ok: true,
      context: { key: 'user-1', attributes: { plan: 'pro', age: 42, beta: true, tags: ['a'] } },
    });
  });

  it('reads a context without targetingKey, or with a null one, as a context without a key', () => {
    expect(readFlatContext({ plan: 'pro' })).toEqual({ ok: true, context: { attributes: { plan: 'pro' } } });
    expect(readFlatContext({ targetingKey: null })).toEqual({ ok: true, context: { attributes: {} } });
  });

  it('turns a date into its ISO text', () => {
    expect(readFlatContext({ since: new Date(Date.UTC(2026, 0, 2)) })).toEqual({
      ok: true,
      context: { attributes: { since: '2026-01-02T00:00:00.000Z' } },
    });
  });

  it('names the attribute that is a nested object, a list of numbers, or not finite', () => {
    for (const [name, value] of [
      ['address', { city: 'Utrecht' }],
      ['scores', [1, 2]],
      ['ratio', Number.POSITIVE_INFINITY],
    ] as const) {
      expect(readFlatContext({ targetingKey: 'u', [name]: value })).toEqual({
        ok: false,
        attribute: name,
        message: expect.stringMatching(/nested object is not an attribute/),
      });
    }
    expect(readFlatContext({ targetingKey: 7 })).toMatchObject({ ok: false, attribute: 'targetingKey' });
    expect(readFlatContext({ targetingKey: '' })).toMatchObject({ ok: false, attribute: 'targetingKey' });
  });

  it('accepts and refuses exactly what the server accepts and refuses (the contract’s OfrepContext)', () => {
    const value = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
      fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
    );
    const name = fc.oneof(fc.string({ maxLength: 6 }), fc.constant('x'.repeat(257)));
    const context = fc.record(
      {
        targetingKey: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null), fc.integer()),
        attributes: fc.dictionary(name, value, { maxKeys: 4 }),
      },
      { requiredKeys: ['attributes'] },
    );
    fc.assert(
      fc.property(context, ({ targetingKey, attributes }) => {
        const flat = { ...attributes, ...(targetingKey === undefined ? {} : { targetingKey }) };
        const server = OfrepContext.safeParse(flat);
        const reading = readFlatContext(flat);
        expect(reading.ok, JSON.stringify(flat)).toBe(server.success);
        if (!reading.ok || !server.success) return;
        const { targetingKey: key, ...rest } = server.data;
        const attributesOfServer = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null));
        expect(reading.context).toEqual(
          typeof key === 'string'
            ? { key, attributes: attributesOfServer }
            : { attributes: attributesOfServer },
        );
      }),
      { numRuns: 2000 },
    );
  });
});
