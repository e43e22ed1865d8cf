/**
 * Terraform values on the wire (`DynamicValue`) ↔ JavaScript, driven by the value's type: MessagePack
 * normally, JSON as Terraform's fallback (and in stored state). Unknown values travel as MessagePack
 * extensions: Terraform sends type 0 (payload ignored) or type 12 (an unknown with refinements, which this
 * provider does not need); any extension is read as unknown, and unknowns are written as type 0.
 *
 * Encoding follows the type, not the value: every attribute of an object type is written (null when the
 * value lacks it), numbers as MessagePack numbers, sets as arrays. Terraform refuses a value whose shape
 * differs from the schema it was given, so a value is checked against its type on the way out too.
 */
import { decode, ExtData, encode } from '@msgpack/msgpack';
import { type CtyType, describeType } from './cty-type.js';
import { isUnknown, type TerraformValue, unknown } from './unknown.js';

export interface DynamicValueMessage {
  readonly msgpack?: Uint8Array | null;
  readonly json?: Uint8Array | null;
}

/** A value that does not fit its type: a provider bug or a malformed message, never a user's mistake. */
export class ValueShapeError extends Error {
  override readonly name = 'ValueShapeError';
}

const unknownExtension = new ExtData(0, new Uint8Array([0]));

export function decodeDynamicValue(
  type: CtyType,
  message: DynamicValueMessage | null | undefined,
): TerraformValue {
  if (message?.msgpack && message.msgpack.length > 0) return fromWire(type, decode(message.msgpack), '');
  if (message?.json && message.json.length > 0) {
    return fromWire(type, JSON.parse(Buffer.from(message.json).toString('utf8')), '');
  }
  return null;
}

export function encodeDynamicValue(type: CtyType, value: TerraformValue): { msgpack: Buffer } {
  return { msgpack: Buffer.from(encode(toWire(type, value, ''))) };
}

/** A JSON text (stored state) read as a value of `type`. */
export function decodeJsonValue(type: CtyType, json: string): TerraformValue {
  return fromWire(type, JSON.parse(json), '');
}

function fromWire(type: CtyType, raw: unknown, where: string): TerraformValue {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof ExtData) return unknown;
  if (typeof type === 'string') {
    switch (type) {
      case 'string':
        if (typeof raw === 'string') return raw;
        break;
      case 'number':
        if (typeof raw === 'number') return raw;
        // Terraform writes numbers that do not fit a 64-bit float as decimal text.
        if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
        if (typeof raw === 'bigint') return Number(raw);
        break;
      case 'bool':
        if (typeof raw === 'boolean') return raw;
        break;
    }
    throw mismatch(type, raw, where);
  }
  const [kind, argument] = type;
  switch (kind) {
    case 'list':
    case 'set':
      if (!Array.isArray(raw)) throw mismatch(type, raw, where);
      return raw.map((element, index) => fromWire(argument, element, `${where}[${index}]`));
    case 'map': {
      if (!isPlainObject(raw)) throw mismatch(type, raw, where);
      const entries = Object.entries(raw).map(([key, element]) => [
        key,
        fromWire(argument, element, `${where}["${key}"]`),
      ]);
      return Object.fromEntries(entries);
    }
    case 'object': {
      if (!isPlainObject(raw)) throw mismatch(type, raw, where);
      const result: Record<string, TerraformValue> = {};
      for (const [name, attributeType] of Object.entries(argument)) {
        result[name] = fromWire(attributeType, raw[name], where ? `${where}.${name}` : name);
      }
      return result;
    }
  }
}

function toWire(type: CtyType, value: TerraformValue | undefined, where: string): unknown {
  if (value === null || value === undefined) return null;
  if (isUnknown(value)) return unknownExtension;
  if (typeof type === 'string') {
    const expected = type === 'bool' ? 'boolean' : type;
    if (typeof value !== expected || (type === 'number' && !Number.isFinite(value))) {
      throw mismatch(type, value, where);
    }
    return value;
  }
  const [kind, argument] = type;
  switch (kind) {
    case 'list':
    case 'set':
      if (!Array.isArray(value)) throw mismatch(type, value, where);
      return value.map((element: TerraformValue, index: number) =>
        toWire(argument, element, `${where}[${index}]`),
      );
    case 'map': {
      if (!isPlainObject(value)) throw mismatch(type, value, where);
      return Object.fromEntries(
        Object.entries(value).map(([key, element]) => [key, toWire(argument, element, `${where}["${key}"]`)]),
      );
    }
    case 'object': {
      if (!isPlainObject(value)) throw mismatch(type, value, where);
      const known = new Set(Object.keys(argument));
      const stray = Object.keys(value).find((name) => !known.has(name));
      if (stray !== undefined) throw new ValueShapeError(`${where || 'value'} has no attribute "${stray}"`);
      return Object.fromEntries(
        Object.entries(argument).map(([name, attributeType]) => [
          name,
          toWire(attributeType, value[name], where ? `${where}.${name}` : name),
        ]),
      );
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, TerraformValue> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

function mismatch(type: CtyType, value: unknown, where: string): ValueShapeError {
  // The kind only, never the value: it may be a credential.
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  return new ValueShapeError(`${where || 'value'}: expected ${describeType(type)}, got a ${kind}`);
}
