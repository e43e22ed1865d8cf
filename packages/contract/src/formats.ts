/**
 * §2 of the API completion: the formats and limits of every property, once. The server, the SDK, the
 * CLI and the constructs all validate with these schemas, so a rule changes in one place.
 */
import { z } from 'zod';

/** The numbers of §2, exported so tests and error messages use the same values as the schemas. */
export const limits = {
  /** §3: a request body is at most 1 MiB of JSON (UTF-8 bytes); one byte more is `413 payload_too_large`. */
  requestBodyBytes: 1024 * 1024,
  orgSlugLength: 64,
  resourceKeyLength: 64,
  flagKeyLength: 128,
  variationKeyLength: 64,
  nameLength: 200,
  descriptionLength: 2000,
  tagLength: 64,
  tagsPerFlag: 50,
  sortOrderMax: 2_147_483_647,
  variationValueBytes: 32 * 1024,
  variationsPerFlag: 100,
  conditionAttributeLength: 256,
  conditionValues: 1000,
  conditionValueLength: 1024,
  conditionGroupsPerRule: 20,
  conditionsPerGroup: 50,
  rulesPerConfiguration: 100,
  prerequisitesPerConfiguration: 10,
  regexPatternLength: 1024,
  segmentContextKeys: 10_000,
  environmentsPerProjectCreation: 50,
  activeSdkKeysPerEnvironment: 50,
  pageSizeDefault: 50,
  pageSizeMax: 200,
} as const;

export const patterns = {
  orgSlug: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  resourceKey: /^[a-z0-9][a-z0-9_-]*$/,
  flagKey: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  variationKey: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  tag: /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/,
  color: /^#[0-9A-Fa-f]{6}$/,
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  /** The text of a finite JSON number. */
  jsonNumber: /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/,
  /** Semantic Versioning 2.0.0, the regular expression published with the specification. */
  semver:
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/,
} as const;

/** Path values in UUID form are ids (§1); keys and slugs can never take that form. */
export function isUuid(value: string): boolean {
  return patterns.uuid.test(value);
}

/** What each pattern allows, in words (a newcomer reads these, not the regular expression). */
const allowed = {
  orgSlug: 'lower-case letters and digits, in words joined by single "-"',
  resourceKey: 'lower-case letters, digits, "_" and "-", starting with a letter or digit',
  flagKey: 'letters, digits, ".", "_" and "-", starting with a letter or digit',
  tag: 'letters, digits, ".", "_", ":", "/" and "-", starting with a letter or digit',
} as const;

/** The message for text that breaks a pattern: the rule in words, then the exact pattern. */
function patternMessage(words: string, pattern: RegExp, text?: string): string {
  const spaced = text !== undefined && /\s/.test(text) ? ' (no spaces)' : '';
  return `may hold only ${words}${spaced}; pattern ${pattern.source}`;
}

function keySchema(pattern: RegExp, maxLength: number, words: string) {
  return z
    .string()
    .min(1, `must not be empty`)
    .max(maxLength, `must be at most ${maxLength} characters`)
    .regex(pattern, {
      error: (issue) =>
        patternMessage(words, pattern, typeof issue.input === 'string' ? issue.input : undefined),
    })
    .refine((value) => !isUuid(value), `must not have the form of a UUID`);
}

export const OrgSlug = keySchema(patterns.orgSlug, limits.orgSlugLength, allowed.orgSlug);
export const ProjectKey = keySchema(patterns.resourceKey, limits.resourceKeyLength, allowed.resourceKey);
export const EnvironmentKey = ProjectKey;
export const SegmentKey = ProjectKey;
export const FlagKey = keySchema(patterns.flagKey, limits.flagKeyLength, allowed.flagKey);
export const VariationKey = keySchema(patterns.variationKey, limits.variationKeyLength, allowed.flagKey);

/** Names are trimmed, then 1–200 characters. */
export const Name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(limits.nameLength, `must be at most ${limits.nameLength} characters`);

/** At most 2,000 characters. `""` means "no description" (stored null; on a PUT it clears). */
export const Description = z
  .string()
  .max(limits.descriptionLength, `must be at most ${limits.descriptionLength} characters`);

export const Tag = z
  .string()
  .min(1, 'must not be empty')
  .max(limits.tagLength, `must be at most ${limits.tagLength} characters`)
  .regex(patterns.tag, {
    error: (issue) =>
      patternMessage(allowed.tag, patterns.tag, typeof issue.input === 'string' ? issue.input : undefined),
  });

/** Duplicates are dropped (first occurrence kept), then at most 50 remain. */
export const Tags = z
  .array(Tag)
  .transform((tags) => [...new Set(tags)])
  .pipe(z.array(z.string()).max(limits.tagsPerFlag, `at most ${limits.tagsPerFlag} tags per flag`));

/** Hex color text, stored lower-case. */
export const Color = z
  .string()
  .regex(patterns.color, 'must be a hex color like #1a2b3c')
  .transform((color) => color.toLowerCase());

export const SortOrder = z
  .number()
  .int('must be an integer')
  .min(0, 'must be at least 0')
  .max(limits.sortOrderMax, `must be at most ${limits.sortOrderMax}`);

export const Uuid = z.string().regex(patterns.uuid, 'must be a UUID');

/** UTC ISO 8601 with milliseconds and `Z` (§16). */
export const DateTime = z.iso.datetime({ precision: 3 });

export const utf8ByteLength = (text: string): number => Buffer.byteLength(text, 'utf8');
