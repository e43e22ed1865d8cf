/**
 * Plan-time checks with the contract's own schemas (the rules the server applies, written once in
 * @flagplane/contract): a request body is built from what the configuration already knows, checked, and
 * each problem becomes an error on the attribute that set the property. Problems about values Terraform
 * does not know yet are left for apply, where the server (or the SDK before sending) reports them.
 */
import type * as z from 'zod';
import type { AttributePath, Diagnostic } from '../diagnostics.js';
import { isUnknown, type TerraformValue } from '../values/unknown.js';
import type { BlockSpec } from './model.js';
import { attributePathOfField, fieldDiagnostic } from './paths.js';

export function contractDiagnostics(
  schema: z.ZodType,
  body: unknown,
  block: BlockSpec,
  config: { readonly [name: string]: TerraformValue },
): Diagnostic[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  const diagnostics: Diagnostic[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.filter((step): step is string | number => typeof step !== 'symbol');
    const path = attributePathOfField(block, field);
    if (path && dependsOnUnknown(config, path)) continue;
    diagnostics.push(fieldDiagnostic(block, field, issue.message));
  }
  return diagnostics;
}

/** Whether the configuration's value along `path` (or the block holding it) is not known yet. */
function dependsOnUnknown(config: TerraformValue, path: AttributePath): boolean {
  let current: TerraformValue | undefined = config;
  for (const step of path) {
    if (isUnknown(current)) return true;
    if (current === null || current === undefined || typeof current !== 'object') return false;
    const container = current as Record<string, TerraformValue>;
    current =
      'attribute' in step
        ? container[step.attribute]
        : 'index' in step
          ? container[step.index]
          : container[step.key];
  }
  return isUnknown(current);
}

/** Only what is known: unknown values are left out of a body to check, as if not set. */
export function knownOnly(value: unknown): unknown {
  if (isUnknown(value) || value === undefined) return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(knownOnly);
  return Object.fromEntries(Object.entries(value).map(([name, element]) => [name, knownOnly(element)]));
}
