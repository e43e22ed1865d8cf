/**
 * Attributes several resource types share, defined once: the server's id, the project a resource lives
 * in, `managed_by` and the removal policy.
 */
import { attributePath, type Diagnostic, error } from '../diagnostics.js';
import { computed, optional, required } from '../schema/model.js';
import { knownString } from '../values/access.js';
import type { TerraformValue } from '../values/unknown.js';

export const idAttribute = computed('string', "The server's id (a UUID).");

export const projectAttribute = required(
  'string',
  'The key of the project it belongs to. Changing it replaces the resource.',
  {
    forcesReplacement: true,
  },
);

export const managedByAttribute = computed(
  'string',
  'The `managedBy.source` the server holds: `terraform:<label>` once applied. A change made elsewhere (the CLI claiming it, a release in the console) shows as drift and the next apply writes it back.',
);

/** `description`: at most 2,000 characters; the server stores `""` as none. */
export const descriptionAttribute = (what: string) =>
  optional('string', `The ${what}'s description. Leaving it out (or \`""\`) means none.`, {
    sameValue: (configured, live) => (configured ?? '') === (live ?? ''),
  });

export function deletionAttribute(policies: readonly string[], fallback: string, explanation: string) {
  return optional(
    'string',
    `What removing the resource from the configuration (or \`terraform destroy\`) does: ${policies.map((policy) => `\`"${policy}"\``).join(' or ')}; left out, \`"${fallback}"\`. ${explanation} The value in state decides, so apply \`deletion = "delete"\` before removing the block.`,
  );
}

/** The policy a state asks for. */
export function deletionPolicy(value: TerraformValue | undefined, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

export function deletionDiagnostics(
  value: TerraformValue | undefined,
  policies: readonly string[],
): Diagnostic[] {
  const policy = knownString(value);
  if (policy === undefined || policies.includes(policy)) return [];
  return [
    error(
      'Invalid deletion',
      `must be ${policies.map((candidate) => `"${candidate}"`).join(' or ')}; got "${policy}"`,
      attributePath('deletion'),
    ),
  ];
}
