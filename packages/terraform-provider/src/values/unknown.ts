/**
 * A value Terraform does not know yet (during planning): an attribute computed by another resource, or
 * one this provider fills in at apply. It is one sentinel, compared by identity.
 */
export const unknown: unique symbol = Symbol('terraform unknown value');
export type Unknown = typeof unknown;

/** A decoded Terraform value: null, unknown, a primitive, a list/set (array) or an object/map. */
export type TerraformValue =
  | null
  | Unknown
  | string
  | number
  | boolean
  | readonly TerraformValue[]
  | { readonly [name: string]: TerraformValue };

export function isUnknown(value: unknown): value is Unknown {
  return value === unknown;
}

/** Whether a value is known all the way down (no unknown in it or in any element or attribute). */
export function isWhollyKnown(value: TerraformValue): boolean {
  if (value === unknown) return false;
  if (value === null || typeof value !== 'object') return true;
  return Object.values(value).every(isWhollyKnown);
}
