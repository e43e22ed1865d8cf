/**
 * §23: the flat context of OpenFeature and OFREP (`targetingKey` beside the attributes) read as §21's
 * context, with §21's rules: a key of 1–256 characters; attribute names of 1–256 characters, at most
 * 1,000 of them; values that are strings, finite numbers, booleans or lists of strings. `null` (and an
 * absent value) is a missing attribute; a date becomes its ISO 8601 text, what `Before`/`After` compare.
 * Anything else (a nested object, a list of numbers) is a problem naming the attribute: OFREP's
 * `INVALID_CONTEXT`. The contract's `OfrepContext` schema states the same rules for the server; a test
 * holds the two to one answer.
 */
import { limits } from '@flagplane/contract/format-rules';
import type { AttributeValue, EvaluationContext } from './evaluation-types.js';

export type FlatContextReading =
  | { readonly ok: true; readonly context: EvaluationContext }
  | { readonly ok: false; readonly attribute: string; readonly message: string };

const valueRule =
  'must be a string, a finite number, a boolean, a list of strings, or null (a nested object is not an attribute)';

export function readFlatContext(flat: Readonly<Record<string, unknown>>): FlatContextReading {
  const { targetingKey, ...rest } = flat;
  let key: string | undefined;
  if (targetingKey !== undefined && targetingKey !== null) {
    if (typeof targetingKey !== 'string') {
      return refuse('targetingKey', 'must be a string');
    }
    if (targetingKey.length === 0 || targetingKey.length > limits.contextKeyLength) {
      return refuse('targetingKey', `must be 1–${limits.contextKeyLength} characters`);
    }
    key = targetingKey;
  }
  const names = Object.keys(rest);
  if (names.length > limits.contextAttributes) {
    return refuse('context', `at most ${limits.contextAttributes} attributes`);
  }
  const attributes: Record<string, AttributeValue> = {};
  for (const name of names) {
    if (name.length === 0 || name.length > limits.contextAttributeNameLength) {
      return refuse(name, `attribute names must be 1–${limits.contextAttributeNameLength} characters`);
    }
    const value = attributeValue(rest[name]);
    if (value === invalid) return refuse(name, valueRule);
    if (value === tooLong) return refuse(name, `at most ${limits.contextArrayValues} values`);
    if (value !== null) attributes[name] = value;
  }
  return { ok: true, context: key === undefined ? { attributes } : { key, attributes } };
}

const invalid = Symbol('invalid');
const tooLong = Symbol('too long');

function attributeValue(value: unknown): AttributeValue | typeof invalid | typeof tooLong {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : invalid;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? invalid : value.toISOString();
  if (Array.isArray(value)) {
    if (!value.every((element) => typeof element === 'string')) return invalid;
    return value.length > limits.contextArrayValues ? tooLong : (value as string[]);
  }
  return invalid;
}

const refuse = (attribute: string, message: string): FlatContextReading => ({
  ok: false,
  attribute,
  message,
});
