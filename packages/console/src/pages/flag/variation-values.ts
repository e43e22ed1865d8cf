/**
 * A variation's value for its flag's type (§2), for every form that takes one (a new flag's variations,
 * a variation added or edited on the flag's page): what to type, and what is wrong with what was typed.
 */
import { type FlagType, variationValueProblem } from '@flagplane/contract';

/** What each type's values are, under a value's input. */
export const valueHints: Readonly<Record<FlagType, string>> = {
  Boolean: 'A Boolean variation keeps its value, "true" or "false".',
  String: 'Any text.',
  Number: 'The text of a finite JSON number, such as 42 or 0.5.',
  Json: 'Valid JSON text, such as {"limit": 10}.',
};

/**
 * What is wrong with `value` for a flag of `type`, or null. The verdict is the contract's, the check the
 * SDK makes before sending and the server makes again; for Json the parser's own words follow, since
 * they say where the text goes wrong ("… in JSON at position 9 (line 1 column 10)").
 */
export function valueProblem(type: FlagType, value: string): string | null {
  const problem = variationValueProblem(type, value);
  if (problem === null || type !== 'Json') return problem;
  try {
    JSON.parse(value);
    return problem; // valid JSON, wrong for another reason (its size)
  } catch (parseError) {
    return `${problem}: ${parseError instanceof Error ? parseError.message : String(parseError)}`;
  }
}
