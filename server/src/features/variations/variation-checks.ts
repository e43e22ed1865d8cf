/** The rules of variations that need the flag (§2, §8): unique keys and values, values of the flag's type. */
import { variationValueProblem } from '@flagplane/contract';
import type { FlagRecord } from '../../store/records.js';
import type { FieldProblem } from '../flags/field-problems.js';

export function variationKeyProblems(flag: FlagRecord, key: string): FieldProblem[] {
  return flag.variations.some((variation) => variation.key === key)
    ? [{ field: 'key', message: `the flag already has a variation with key "${key}"` }]
    : [];
}

/** Problems of `value` for a variation of `flag`; `ownId` is the variation being changed, if any. */
export function variationValueProblems(flag: FlagRecord, value: string, ownId?: string): FieldProblem[] {
  const own = flag.variations.find((variation) => variation.id === ownId);
  // Boolean flags are exactly "true" and "false": changing one would leave two of the same or a non-Boolean.
  if (flag.type === 'Boolean' && own && own.value !== value) {
    return [{ field: 'value', message: "a Boolean flag's values cannot change" }];
  }
  const typeProblem = variationValueProblem(flag.type, value);
  if (typeProblem) return [{ field: 'value', message: typeProblem }];
  const twin = flag.variations.find((variation) => variation.id !== ownId && variation.value === value);
  return twin ? [{ field: 'value', message: `variation "${twin.key}" already has this value` }] : [];
}
