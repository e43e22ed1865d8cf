/**
 * §2 of the API completion: the formats and limits of every property, once. The server, the SDK, the
 * CLI and the constructs all validate with these schemas, so a rule changes in one place.
 */
import * as z from 'zod';

import { compareKeys, limits, patterns } from './format-rules.js';

export { compareKeys, limits, patterns };

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

/**
 * The length of `text` in UTF-8 bytes, as Node's `Buffer.byteLength` counts it (a lone surrogate is the
 * 3-byte replacement character), without Node: the contract runs in browsers too (the console's SDK).
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one code point past U+FFFF
      index++;
    } else bytes += 3;
  }
  return bytes;
}
