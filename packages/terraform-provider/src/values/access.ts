/**
 * Reading decoded values in resource code, where a value may be null (not set) or unknown (not known
 * until apply). Each helper answers `undefined` for both, so "send nothing" is the natural default.
 */
import { isUnknown, type TerraformValue } from './unknown.js';

export function knownString(value: TerraformValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function knownBoolean(value: TerraformValue | undefined): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** A list of strings whose every element is known, else undefined. */
export function knownStrings(value: TerraformValue | undefined): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const strings = value.filter((element): element is string => typeof element === 'string');
  return strings.length === value.length ? strings : undefined;
}

/** The objects of a block list (unknown or null: none). */
export function blockList(value: TerraformValue | undefined): { readonly [name: string]: TerraformValue }[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (element): element is { readonly [name: string]: TerraformValue } =>
      typeof element === 'object' && element !== null && !Array.isArray(element) && !isUnknown(element),
  );
}

/** A string the operation cannot do without (a key in state): a missing one is a provider bug. */
export function requiredString(value: TerraformValue | undefined, name: string): string {
  if (typeof value !== 'string') throw new Error(`the state has no ${name}`);
  return value;
}
