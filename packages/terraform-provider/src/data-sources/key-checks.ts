/** A data source's lookup keys checked with the contract's formats before any request. */
import type * as z from 'zod';
import { attributePath, type Diagnostic, error } from '../diagnostics.js';
import { knownString } from '../values/access.js';
import type { TerraformValue } from '../values/unknown.js';

export function keyDiagnostics(
  config: { readonly [name: string]: TerraformValue },
  formats: Readonly<Record<string, z.ZodType>>,
): Diagnostic[] {
  return Object.entries(formats).flatMap(([name, format]) => {
    const value = knownString(config[name]);
    if (value === undefined) return [];
    const parsed = format.safeParse(value);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => error(`Invalid ${name}`, issue.message, attributePath(name)));
  });
}
