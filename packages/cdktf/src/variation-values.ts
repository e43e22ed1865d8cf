/**
 * Variation values are typed in code (`true`, `42`, `{ "a": 1 }`) and text on the wire (`"true"`,
 * `"42"`, `"{\"a\":1}"`). The text is what triggers compare, so it is made once, here.
 */
import type { FlagType } from '@flagplane/contract';

export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

export interface FlagVariationProps<Value> {
  /** The variation key: `^[A-Za-z0-9][A-Za-z0-9._-]*$`, unique within the flag. */
  readonly key: string;
  /** The served value. */
  readonly value?: Value;
  /**
   * Json flags only: the value as exact JSON text, for a value whose spelling matters (key order,
   * spacing). Give `value` or `json`, not both.
   * @default `JSON.stringify(value)`
   */
  readonly json?: string;
  /** @default the key */
  readonly name?: string;
  /** @default no description */
  readonly description?: string;
}

/** The wire text of a declared value, or undefined when none was given (the validator then says so). */
export function variationText(type: FlagType, variation: FlagVariationProps<unknown>): string | undefined {
  if (variation.json !== undefined) return variation.json;
  const { value } = variation;
  if (value === undefined) return undefined;
  if (type === 'Json') return JSON.stringify(value);
  return typeof value === 'string' ? value : String(value);
}
