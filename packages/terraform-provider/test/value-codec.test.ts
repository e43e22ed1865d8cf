/**
 * Terraform values on the wire: MessagePack with unknown values as extensions (type 0 as Terraform sends
 * them, type 12 with refinements, any other type read as unknown too), numbers sent as text, JSON as the
 * fallback encoding, and values checked against their type on the way out.
 */
import { decode, ExtData, encode } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { listOf, objectOf } from '../src/values/cty-type.js';
import { unknown } from '../src/values/unknown.js';
import { decodeDynamicValue, encodeDynamicValue, ValueShapeError } from '../src/values/value-codec.js';

const flagType = objectOf({
  key: 'string',
  weight: 'number',
  enabled: 'bool',
  tags: listOf('string'),
  variation: listOf(objectOf({ key: 'string', id: 'string' })),
});

describe('the value codec', () => {
  it('reads unknown values in any extension, and numbers Terraform sends as text', () => {
    const refinedUnknown = new ExtData(12, encode(new Map([[1, false]])));
    const message = {
      msgpack: encode({
        key: new ExtData(0, new Uint8Array([0])),
        weight: '1234567890123456789012',
        enabled: true,
        tags: refinedUnknown,
        variation: [{ key: 'on', id: new ExtData(7, new Uint8Array()) }],
      }),
    };
    expect(decodeDynamicValue(flagType, message)).toEqual({
      key: unknown,
      weight: Number('1234567890123456789012'),
      enabled: true,
      tags: unknown,
      variation: [{ key: 'on', id: unknown }],
    });
  });

  it('writes every attribute of the type (null when absent) and unknowns as extension type 0', () => {
    const { msgpack } = encodeDynamicValue(flagType, {
      key: 'checkout',
      variation: [{ key: 'on', id: unknown }],
    });
    const raw = decode(msgpack) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(['enabled', 'key', 'tags', 'variation', 'weight']);
    expect(raw).toMatchObject({ key: 'checkout', weight: null, enabled: null, tags: null });
    const [variation] = raw.variation as { id: ExtData }[];
    expect(variation?.id).toBeInstanceOf(ExtData);
    expect(variation?.id.type).toBe(0);
    // What goes out comes back.
    expect(decodeDynamicValue(flagType, { msgpack })).toEqual({
      key: 'checkout',
      weight: null,
      enabled: null,
      tags: null,
      variation: [{ key: 'on', id: unknown }],
    });
  });

  it('reads the JSON encoding, and null for an empty value', () => {
    const json = Buffer.from(
      JSON.stringify({ key: 'a', weight: 3, enabled: false, tags: ['x'], variation: [] }),
    );
    expect(decodeDynamicValue(flagType, { json })).toEqual({
      key: 'a',
      weight: 3,
      enabled: false,
      tags: ['x'],
      variation: [],
    });
    expect(decodeDynamicValue(flagType, { msgpack: new Uint8Array(), json: new Uint8Array() })).toBeNull();
  });

  it('refuses a value that does not fit its type, naming where, never what', () => {
    expect(() => encodeDynamicValue(flagType, { key: 42 })).toThrow(
      new ValueShapeError('key: expected string, got a number'),
    );
    expect(() => encodeDynamicValue(flagType, { key: 'a', colour: 'red' })).toThrow(
      'has no attribute "colour"',
    );
    expect(() =>
      decodeDynamicValue(flagType, {
        msgpack: encode({ variation: [{ key: 'fp_pat_secret-looking-text' }, { key: 7 }] }),
      }),
    ).toThrow(new ValueShapeError('variation[1].key: expected string, got a number'));
    expect(() => decodeDynamicValue(flagType, { msgpack: encode({ tags: 'fp_pat_secret' }) })).toThrow(
      /^tags: expected list\(string\), got a string$/,
    );
  });
});
