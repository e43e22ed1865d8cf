/**
 * §2 (and the rules §6, §8, §9, §10, §12 add to it), one case per limit: accepted at the limit, refused
 * one past it, with the exact `fields` paths `validateInput` reports for a refusal.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EnvironmentCreateBody,
  endpoints,
  FlagCreateBody,
  FlagEnvironmentUpdateBody,
  OrgSlug,
  PageQuery,
  ProjectCreateBody,
  RuleBody,
  SdkKeyCreateBody,
  SegmentCreateBody,
  ToggleBody,
  VariationCreateBody,
  validateInput,
} from '../src/index.js';

interface FormatCase {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly input: unknown;
  /** The keys of `fields`, in order, when the input is refused; absent when it is accepted. */
  readonly refused?: readonly string[];
  /** `did_you_mean` of the refusal (checked as absent when not given). */
  readonly didYouMean?: readonly string[];
  /** Part of the parsed value of an accepted input. */
  readonly data?: unknown;
}

const uuid = '0b7c6f1e-3c1a-4e8e-9a51-2f4d6b8c9e10';
const otherUuid = '5d2a9c44-8f6e-4b1d-a7c3-91e0f2b3c4d5';
const text = (length: number, unit = 'a') => unit.repeat(length);
const distinctTags = (count: number) => Array.from({ length: count }, (_, index) => `tag-${index}`);

const project = (fields: object) => ({ key: 'web', ...fields });
const environment = (fields: object) => ({ key: 'staging', ...fields });
const segment = (fields: object) => ({ key: 'beta-testers', ...fields });
const variation = (fields: object) => ({ key: 'treatment', value: 'one-page', ...fields });
const stringFlag = (fields: object) => ({
  key: 'checkout',
  type: 'String',
  variations: [
    { key: 'control', value: 'classic' },
    { key: 'treatment', value: 'one-page' },
  ],
  ...fields,
});
const typedFlag = (type: string, ...values: string[]) => ({
  key: 'checkout',
  type,
  variations: values.map((value, index) => ({ key: `v${index}`, value })),
});
/** A rule whose third condition (index 2) is the one under test. */
const ruleWith = (condition: object) => ({
  variationId: uuid,
  conditionGroups: [
    {
      conditions: [
        { attribute: 'country', operator: 'Equals', values: ['DE'] },
        { attribute: 'plan', operator: 'In', values: ['pro', 'business'] },
        { attribute: 'attribute', operator: 'Equals', values: ['value'], ...condition },
      ],
    },
  ],
});
const condition = 'conditionGroups.0.conditions.2';
const operatorCase = (operator: string, values: string[]) => ruleWith({ operator, values });

const cases: FormatCase[] = [
  // Organization slug
  { name: 'org slug: 1 character', schema: OrgSlug, input: 'a' },
  { name: 'org slug: 64 characters', schema: OrgSlug, input: text(64) },
  { name: 'org slug: 65 characters', schema: OrgSlug, input: text(65), refused: ['body'] },
  { name: 'org slug: hyphenated words', schema: OrgSlug, input: 'acme-inc-2' },
  { name: 'org slug: empty', schema: OrgSlug, input: '', refused: ['body'] },
  { name: 'org slug: upper case', schema: OrgSlug, input: 'Acme', refused: ['body'] },
  { name: 'org slug: leading hyphen', schema: OrgSlug, input: '-acme', refused: ['body'] },
  { name: 'org slug: trailing hyphen', schema: OrgSlug, input: 'acme-', refused: ['body'] },
  { name: 'org slug: double hyphen', schema: OrgSlug, input: 'acme--inc', refused: ['body'] },
  { name: 'org slug: underscore', schema: OrgSlug, input: 'acme_inc', refused: ['body'] },
  { name: 'org slug: UUID-shaped', schema: OrgSlug, input: uuid, refused: ['body'] },

  // Project, environment and segment keys
  { name: 'project key: 64 characters', schema: ProjectCreateBody, input: project({ key: text(64) }) },
  {
    name: 'project key: 65 characters',
    schema: ProjectCreateBody,
    input: project({ key: text(65) }),
    refused: ['key'],
  },
  {
    name: 'project key: digits, _ and -',
    schema: ProjectCreateBody,
    input: project({ key: '2web_shop-eu' }),
  },
  { name: 'project key: missing', schema: ProjectCreateBody, input: {}, refused: ['key'] },
  { name: 'project key: null', schema: ProjectCreateBody, input: { key: null }, refused: ['key'] },
  {
    name: 'project key: upper case',
    schema: ProjectCreateBody,
    input: project({ key: 'Web' }),
    refused: ['key'],
  },
  {
    name: 'project key: leading _',
    schema: ProjectCreateBody,
    input: project({ key: '_web' }),
    refused: ['key'],
  },
  {
    name: 'project key: dot',
    schema: ProjectCreateBody,
    input: project({ key: 'web.shop' }),
    refused: ['key'],
  },
  {
    name: 'project key: UUID-shaped',
    schema: ProjectCreateBody,
    input: project({ key: uuid }),
    refused: ['key'],
  },
  {
    name: 'project key: nested environment key 65 characters',
    schema: ProjectCreateBody,
    input: project({ environments: [{ key: 'dev' }, { key: text(65) }] }),
    refused: ['environments.1.key'],
  },
  {
    name: 'project environments: 50',
    schema: ProjectCreateBody,
    input: project({ environments: Array.from({ length: 50 }, (_, index) => ({ key: `env-${index}` })) }),
  },
  {
    name: 'project environments: 51',
    schema: ProjectCreateBody,
    input: project({ environments: Array.from({ length: 51 }, (_, index) => ({ key: `env-${index}` })) }),
    refused: ['environments'],
  },
  {
    name: 'project environments: empty list',
    schema: ProjectCreateBody,
    input: project({ environments: [] }),
    refused: ['environments'],
  },
  {
    name: 'environment key: 64 characters',
    schema: EnvironmentCreateBody,
    input: environment({ key: text(64) }),
  },
  {
    name: 'environment key: 65 characters',
    schema: EnvironmentCreateBody,
    input: environment({ key: text(65) }),
    refused: ['key'],
  },
  {
    name: 'environment key: UUID-shaped',
    schema: EnvironmentCreateBody,
    input: environment({ key: uuid }),
    refused: ['key'],
  },
  { name: 'segment key: 64 characters', schema: SegmentCreateBody, input: segment({ key: text(64) }) },
  {
    name: 'segment key: 65 characters',
    schema: SegmentCreateBody,
    input: segment({ key: text(65) }),
    refused: ['key'],
  },
  {
    name: 'segment key: pattern',
    schema: SegmentCreateBody,
    input: segment({ key: 'beta testers' }),
    refused: ['key'],
  },
  {
    name: 'segment key: UUID-shaped',
    schema: SegmentCreateBody,
    input: segment({ key: uuid }),
    refused: ['key'],
  },

  // Flag keys: 1–128, case-sensitive, dots allowed
  { name: 'flag key: 128 characters', schema: FlagCreateBody, input: stringFlag({ key: text(128) }) },
  {
    name: 'flag key: 129 characters',
    schema: FlagCreateBody,
    input: stringFlag({ key: text(129) }),
    refused: ['key'],
  },
  {
    name: 'flag key: case kept as given',
    schema: FlagCreateBody,
    input: stringFlag({ key: 'Checkout.New_Flow-2' }),
    data: { key: 'Checkout.New_Flow-2' },
  },
  {
    name: 'flag key: leading dot',
    schema: FlagCreateBody,
    input: stringFlag({ key: '.checkout' }),
    refused: ['key'],
  },
  {
    name: 'flag key: space',
    schema: FlagCreateBody,
    input: stringFlag({ key: 'check out' }),
    refused: ['key'],
  },
  {
    name: 'flag key: UUID-shaped',
    schema: FlagCreateBody,
    input: stringFlag({ key: uuid }),
    refused: ['key'],
  },
  {
    name: 'flag type: required',
    schema: FlagCreateBody,
    input: { key: 'checkout' },
    refused: ['type'],
  },

  // Variation keys: 1–64, unique within the flag
  { name: 'variation key: 64 characters', schema: VariationCreateBody, input: variation({ key: text(64) }) },
  {
    name: 'variation key: 65 characters',
    schema: VariationCreateBody,
    input: variation({ key: text(65) }),
    refused: ['key'],
  },
  {
    name: 'variation key: dots and upper case',
    schema: VariationCreateBody,
    input: variation({ key: 'Treatment.B_2' }),
  },
  {
    name: 'variation key: 65 characters in a flag',
    schema: FlagCreateBody,
    input: stringFlag({
      variations: [
        { key: 'control', value: 'a' },
        { key: text(65), value: 'b' },
      ],
    }),
    refused: ['variations.1.key'],
  },
  {
    name: 'variation keys: unique within the flag',
    schema: FlagCreateBody,
    input: stringFlag({
      variations: [
        { key: 'same', value: 'a' },
        { key: 'same', value: 'b' },
      ],
    }),
    refused: ['variations.1.key'],
  },

  // Names: trimmed, then 1–200
  { name: 'name: 200 characters', schema: FlagCreateBody, input: stringFlag({ name: text(200) }) },
  {
    name: 'name: 200 characters after trimming',
    schema: FlagCreateBody,
    input: stringFlag({ name: `  ${text(200)}\t ` }),
    data: { name: text(200) },
  },
  {
    name: 'name: 201 characters',
    schema: FlagCreateBody,
    input: stringFlag({ name: text(201) }),
    refused: ['name'],
  },
  {
    name: 'name: whitespace only',
    schema: FlagCreateBody,
    input: stringFlag({ name: '  \t ' }),
    refused: ['name'],
  },
  { name: 'name: empty', schema: ProjectCreateBody, input: project({ name: '' }), refused: ['name'] },
  { name: 'name: null takes the default', schema: ProjectCreateBody, input: project({ name: null }) },

  // Descriptions: at most 2,000
  {
    name: 'description: 2000 characters',
    schema: ProjectCreateBody,
    input: project({ description: text(2000) }),
  },
  {
    name: 'description: 2001 characters',
    schema: ProjectCreateBody,
    input: project({ description: text(2001) }),
    refused: ['description'],
  },
  { name: 'description: empty', schema: ProjectCreateBody, input: project({ description: '' }) },

  // Tags
  { name: 'tags: 64 characters', schema: FlagCreateBody, input: stringFlag({ tags: ['ok', text(64)] }) },
  {
    name: 'tags: 65 characters',
    schema: FlagCreateBody,
    input: stringFlag({ tags: ['ok', text(65)] }),
    refused: ['tags.1'],
  },
  {
    name: 'tags: punctuation . _ : / -',
    schema: FlagCreateBody,
    input: stringFlag({ tags: ['team:payments/eu', 'v1.2_beta-x'] }),
  },
  {
    name: 'tags: leading hyphen',
    schema: FlagCreateBody,
    input: stringFlag({ tags: ['-x'] }),
    refused: ['tags.0'],
  },
  { name: 'tags: empty tag', schema: FlagCreateBody, input: stringFlag({ tags: [''] }), refused: ['tags.0'] },
  { name: 'tags: 50 distinct', schema: FlagCreateBody, input: stringFlag({ tags: distinctTags(50) }) },
  {
    name: 'tags: 51 distinct',
    schema: FlagCreateBody,
    input: stringFlag({ tags: distinctTags(51) }),
    refused: ['tags'],
  },
  {
    name: 'tags: 51 with a duplicate are 50',
    schema: FlagCreateBody,
    input: stringFlag({ tags: [...distinctTags(50), 'tag-7'] }),
    data: { tags: distinctTags(50) },
  },
  {
    name: 'tags: duplicates dropped, first order kept',
    schema: FlagCreateBody,
    input: stringFlag({ tags: ['b', 'a', 'b', 'c', 'a'] }),
    data: { tags: ['b', 'a', 'c'] },
  },

  // Color
  {
    name: 'color: stored lower-case',
    schema: EnvironmentCreateBody,
    input: environment({ color: '#A1B2C3' }),
    data: { color: '#a1b2c3' },
  },
  {
    name: 'color: three digits',
    schema: EnvironmentCreateBody,
    input: environment({ color: '#abc' }),
    refused: ['color'],
  },
  {
    name: 'color: no #',
    schema: EnvironmentCreateBody,
    input: environment({ color: 'a1b2c3' }),
    refused: ['color'],
  },
  {
    name: 'color: seven digits',
    schema: EnvironmentCreateBody,
    input: environment({ color: '#a1b2c3d' }),
    refused: ['color'],
  },
  {
    name: 'color: not hex',
    schema: EnvironmentCreateBody,
    input: environment({ color: '#gggggg' }),
    refused: ['color'],
  },

  // sortOrder: integer 0 – 2,147,483,647
  { name: 'sortOrder: 0', schema: EnvironmentCreateBody, input: environment({ sortOrder: 0 }) },
  {
    name: 'sortOrder: 2147483647',
    schema: EnvironmentCreateBody,
    input: environment({ sortOrder: 2147483647 }),
  },
  {
    name: 'sortOrder: -1',
    schema: EnvironmentCreateBody,
    input: environment({ sortOrder: -1 }),
    refused: ['sortOrder'],
  },
  {
    name: 'sortOrder: 2147483648',
    schema: EnvironmentCreateBody,
    input: environment({ sortOrder: 2147483648 }),
    refused: ['sortOrder'],
  },
  {
    name: 'sortOrder: 1.5',
    schema: EnvironmentCreateBody,
    input: environment({ sortOrder: 1.5 }),
    refused: ['sortOrder'],
  },
  {
    name: 'sortOrder: numeric text',
    schema: EnvironmentCreateBody,
    input: environment({ sortOrder: '1' }),
    refused: ['sortOrder'],
  },

  // Variation values: at most 32 KiB (bytes, UTF-8), checked against the flag's type, unique
  {
    name: 'variation value: 32768 bytes',
    schema: VariationCreateBody,
    input: variation({ value: text(32768) }),
  },
  {
    name: 'variation value: 32769 bytes',
    schema: VariationCreateBody,
    input: variation({ value: text(32769) }),
    refused: ['value'],
  },
  {
    name: 'variation value: 32768 bytes of two-byte characters',
    schema: VariationCreateBody,
    input: variation({ value: text(16384, 'é') }),
  },
  {
    name: 'variation value: 16385 two-byte characters are 32770 bytes',
    schema: VariationCreateBody,
    input: variation({ value: text(16385, 'é') }),
    refused: ['value'],
  },
  {
    name: 'variation value: 32769 bytes in a flag',
    schema: FlagCreateBody,
    input: stringFlag({
      variations: [
        { key: 'a', value: 'a' },
        { key: 'b', value: text(32769) },
      ],
    }),
    refused: ['variations.1.value'],
  },
  {
    name: 'Boolean: "true" and "false"',
    schema: FlagCreateBody,
    input: typedFlag('Boolean', 'true', 'false'),
  },
  {
    name: 'Boolean: variations may be omitted',
    schema: FlagCreateBody,
    input: { key: 'express-pay', type: 'Boolean', defaultVariationKey: 'true' },
  },
  {
    name: 'Boolean: "TRUE" is not "true"',
    schema: FlagCreateBody,
    input: typedFlag('Boolean', 'TRUE', 'false'),
    refused: ['variations', 'variations.0.value'],
  },
  {
    name: 'Boolean: exactly two variations',
    schema: FlagCreateBody,
    input: typedFlag('Boolean', 'true'),
    refused: ['variations'],
  },
  {
    name: 'Number: finite JSON numbers',
    schema: FlagCreateBody,
    input: typedFlag('Number', '0', '-1.5', '2e10', '-0'),
  },
  {
    name: 'Number: a leading zero',
    schema: FlagCreateBody,
    input: typedFlag('Number', '1', '01'),
    refused: ['variations.1.value'],
  },
  {
    name: 'Number: not finite',
    schema: FlagCreateBody,
    input: typedFlag('Number', '1', '1e999'),
    refused: ['variations.1.value'],
  },
  {
    name: 'Number: NaN',
    schema: FlagCreateBody,
    input: typedFlag('Number', '1', 'NaN'),
    refused: ['variations.1.value'],
  },
  {
    name: 'Number: surrounding space',
    schema: FlagCreateBody,
    input: typedFlag('Number', '1', ' 2'),
    refused: ['variations.1.value'],
  },
  {
    name: 'Json: valid JSON texts',
    schema: FlagCreateBody,
    input: typedFlag('Json', '{"a":1}', '[1,2]', '"text"', 'null'),
  },
  {
    name: 'Json: invalid JSON text',
    schema: FlagCreateBody,
    input: typedFlag('Json', '{}', '{a:1}'),
    refused: ['variations.1.value'],
  },
  {
    name: 'String: any text',
    schema: FlagCreateBody,
    input: typedFlag('String', '', ' ', '{not json', '01'),
  },
  {
    name: 'String: at least one variation',
    schema: FlagCreateBody,
    input: typedFlag('String'),
    refused: ['variations'],
  },
  {
    name: 'variation values: unique within the flag',
    schema: FlagCreateBody,
    input: typedFlag('String', 'same', 'other', 'same'),
    refused: ['variations.2.value'],
  },

  // Conditions: attribute 1–256; 1–1,000 values of at most 1,024 characters
  {
    name: 'condition attribute: 256 characters',
    schema: RuleBody,
    input: ruleWith({ attribute: text(256) }),
  },
  {
    name: 'condition attribute: 257 characters',
    schema: RuleBody,
    input: ruleWith({ attribute: text(257) }),
    refused: [`${condition}.attribute`],
  },
  {
    name: 'condition attribute: empty',
    schema: RuleBody,
    input: ruleWith({ attribute: '' }),
    refused: [`${condition}.attribute`],
  },
  { name: 'condition values: 1', schema: RuleBody, input: ruleWith({ values: ['x'] }) },
  {
    name: 'condition values: 1000',
    schema: RuleBody,
    input: ruleWith({ values: Array.from({ length: 1000 }, (_, index) => `v${index}`) }),
  },
  {
    name: 'condition values: none',
    schema: RuleBody,
    input: ruleWith({ values: [] }),
    refused: [`${condition}.values`],
  },
  {
    name: 'condition values: 1001',
    schema: RuleBody,
    input: ruleWith({ values: Array.from({ length: 1001 }, (_, index) => `v${index}`) }),
    refused: [`${condition}.values`],
  },
  { name: 'condition value: 1024 characters', schema: RuleBody, input: ruleWith({ values: [text(1024)] }) },
  {
    name: 'condition value: 1025 characters',
    schema: RuleBody,
    input: ruleWith({ values: ['ok', text(1025)] }),
    refused: [`${condition}.values.1`],
  },
  {
    name: 'condition groups: 21',
    schema: RuleBody,
    input: { variationId: uuid, conditionGroups: Array.from({ length: 21 }, () => ({ conditions: [] })) },
    refused: ['conditionGroups'],
  },
  {
    name: 'conditions in a group: 51',
    schema: RuleBody,
    input: {
      variationId: uuid,
      conditionGroups: [
        {
          conditions: Array.from({ length: 51 }, () => ({
            attribute: 'a',
            operator: 'Equals',
            values: ['b'],
          })),
        },
      ],
    },
    refused: ['conditionGroups.0.conditions'],
  },

  // Condition operators: case-insensitive, stored in the document's spelling
  {
    name: 'operator: lower case canonicalized',
    schema: RuleBody,
    input: operatorCase('semvergreaterthanorequal', ['1.2.3']),
    data: { conditionGroups: [{ conditions: [{}, {}, { operator: 'SemverGreaterThanOrEqual' }] }] },
  },
  {
    name: 'operator: upper case canonicalized',
    schema: RuleBody,
    input: operatorCase('NOTIN', ['x']),
    data: {
      conditionGroups: [{ operator: 'And', conditions: [{}, {}, { operator: 'NotIn', negate: false }] }],
    },
  },
  {
    name: 'operator: unknown, with did_you_mean',
    schema: RuleBody,
    input: operatorCase('Equal', ['x']),
    refused: [`${condition}.operator`],
    didYouMean: ['Equals'],
  },
  {
    name: 'operator: unknown, several suggestions',
    schema: RuleBody,
    input: operatorCase('Contain', ['x']),
    refused: [`${condition}.operator`],
    didYouMean: ['Contains', 'NotIn'],
  },

  // Values by operator (§10)
  {
    name: 'numeric operators: numbers',
    schema: RuleBody,
    input: operatorCase('GreaterThanOrEqual', ['10', '-2.5', '1e3']),
  },
  {
    name: 'numeric operators: not a number',
    schema: RuleBody,
    input: operatorCase('LessThan', ['1', 'ten']),
    refused: [`${condition}.values.1`],
  },
  {
    name: 'Before/After: ISO 8601 date-times',
    schema: RuleBody,
    input: operatorCase('Before', ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00.123+01:00']),
  },
  {
    name: 'Before/After: a date alone',
    schema: RuleBody,
    input: operatorCase('After', ['2026-01-01']),
    refused: [`${condition}.values.0`],
  },
  {
    name: 'Semver: semantic versions 2.0.0',
    schema: RuleBody,
    input: operatorCase('SemverEquals', ['1.2.3', '1.0.0-rc.1+build.5']),
  },
  {
    name: 'Semver: two components',
    schema: RuleBody,
    input: operatorCase('SemverLessThan', ['1.2']),
    refused: [`${condition}.values.0`],
  },
  {
    name: 'Semver: a v prefix',
    schema: RuleBody,
    input: operatorCase('SemverGreaterThan', ['v1.2.3']),
    refused: [`${condition}.values.0`],
  },
  {
    name: 'MatchesRegex: a linear-time pattern',
    schema: RuleBody,
    input: operatorCase('MatchesRegex', ['^user-[0-9]+$']),
  },
  {
    name: 'MatchesRegex: a backreference',
    schema: RuleBody,
    input: operatorCase('MatchesRegex', ['(a)\\1']),
    refused: [`${condition}.values.0`],
  },
  {
    name: 'MatchesRegex: a lookahead',
    schema: RuleBody,
    input: operatorCase('MatchesRegex', ['foo(?=bar)']),
    refused: [`${condition}.values.0`],
  },
  {
    name: 'MatchesRegex: a lookbehind',
    schema: RuleBody,
    input: operatorCase('MatchesRegex', ['(?<!x)y']),
    refused: [`${condition}.values.0`],
  },
  {
    name: 'MatchesRegex: 1024 characters',
    schema: RuleBody,
    input: operatorCase('MatchesRegex', [text(1024)]),
  },
  {
    name: 'MatchesRegex: 1025 characters',
    schema: RuleBody,
    input: operatorCase('MatchesRegex', [text(1025)]),
    refused: [`${condition}.values.0`],
  },
  {
    name: 'other operators: any strings',
    schema: RuleBody,
    input: operatorCase('StartsWith', ['', '(a)\\1', 'not a number']),
  },

  // rolloutPercentage 0–100
  { name: 'rolloutPercentage: 0', schema: RuleBody, input: { variationId: uuid, rolloutPercentage: 0 } },
  { name: 'rolloutPercentage: 100', schema: RuleBody, input: { variationId: uuid, rolloutPercentage: 100 } },
  {
    name: 'rolloutPercentage: null',
    schema: RuleBody,
    input: { variationId: uuid, rolloutPercentage: null },
  },
  {
    name: 'rolloutPercentage: -1',
    schema: RuleBody,
    input: { variationId: uuid, rolloutPercentage: -1 },
    refused: ['rolloutPercentage'],
  },
  {
    name: 'rolloutPercentage: 101',
    schema: RuleBody,
    input: { variationId: uuid, rolloutPercentage: 101 },
    refused: ['rolloutPercentage'],
  },
  {
    name: 'rolloutPercentage: 50.5',
    schema: RuleBody,
    input: { variationId: uuid, rolloutPercentage: 50.5 },
    refused: ['rolloutPercentage'],
  },
  { name: 'rule: variationId required', schema: RuleBody, input: {}, refused: ['variationId'] },

  // Percentage rollout weights: integers 0–100, summing to exactly 100, each variation once
  {
    name: 'weights: summing to 100',
    schema: FlagEnvironmentUpdateBody,
    input: {
      percentageRollout: [
        { variationId: uuid, weight: 100 },
        { variationId: otherUuid, weight: 0 },
      ],
    },
  },
  {
    name: 'weights: summing to 99',
    schema: FlagEnvironmentUpdateBody,
    input: {
      percentageRollout: [
        { variationId: uuid, weight: 60 },
        { variationId: otherUuid, weight: 39 },
      ],
    },
    refused: ['percentageRollout'],
  },
  {
    name: 'weights: summing to 101',
    schema: FlagEnvironmentUpdateBody,
    input: {
      percentageRollout: [
        { variationId: uuid, weight: 60 },
        { variationId: otherUuid, weight: 41 },
      ],
    },
    refused: ['percentageRollout'],
  },
  {
    name: 'weights: a variation twice',
    schema: FlagEnvironmentUpdateBody,
    input: {
      percentageRollout: [
        { variationId: uuid, weight: 50 },
        { variationId: uuid, weight: 50 },
      ],
    },
    refused: ['percentageRollout.1.variationId'],
  },
  {
    name: 'weights: not an integer',
    schema: FlagEnvironmentUpdateBody,
    input: {
      percentageRollout: [
        { variationId: uuid, weight: 50.5 },
        { variationId: otherUuid, weight: 49.5 },
      ],
    },
    refused: ['percentageRollout.0.weight', 'percentageRollout.1.weight'],
  },

  // SDK key type: exact names
  { name: 'SDK key type: ServerSide', schema: SdkKeyCreateBody, input: { type: 'ServerSide' } },
  { name: 'SDK key type: ClientSide', schema: SdkKeyCreateBody, input: { type: 'ClientSide' } },
  {
    name: 'SDK key type: case mismatch',
    schema: SdkKeyCreateBody,
    input: { type: 'serverside' },
    refused: ['type'],
    didYouMean: ['ServerSide'],
  },
  {
    name: 'SDK key type: upper case',
    schema: SdkKeyCreateBody,
    input: { type: 'CLIENTSIDE' },
    refused: ['type'],
    didYouMean: ['ClientSide'],
  },
  { name: 'SDK key type: numeric text', schema: SdkKeyCreateBody, input: { type: '0' }, refused: ['type'] },
  { name: 'SDK key type: a number', schema: SdkKeyCreateBody, input: { type: 1 }, refused: ['type'] },
  { name: 'SDK key type: missing', schema: SdkKeyCreateBody, input: { name: 'Checkout' }, refused: ['type'] },

  // Toggle: `enabled` must be a JSON boolean
  { name: 'toggle: enabled true', schema: ToggleBody, input: { enabled: true }, data: { enabled: true } },
  { name: 'toggle: enabled false', schema: ToggleBody, input: { enabled: false }, data: { enabled: false } },
  { name: 'toggle: enabled missing', schema: ToggleBody, input: {}, refused: ['enabled'] },
  { name: 'toggle: enabled null', schema: ToggleBody, input: { enabled: null }, refused: ['enabled'] },
  { name: 'toggle: enabled as text', schema: ToggleBody, input: { enabled: 'true' }, refused: ['enabled'] },
  {
    name: 'toggle: a misspelled enabled',
    schema: ToggleBody,
    input: { enable: true },
    refused: ['enabled'],
    didYouMean: ['enabled'],
  },

  // Lists: `limit` is clamped, never refused (§6)
  { name: 'limit: omitted', schema: PageQuery, input: {}, data: { limit: 50 } },
  { name: 'limit: 0 is 1', schema: PageQuery, input: { limit: '0' }, data: { limit: 1 } },
  { name: 'limit: -5 is 1', schema: PageQuery, input: { limit: '-5' }, data: { limit: 1 } },
  { name: 'limit: 1', schema: PageQuery, input: { limit: '1' }, data: { limit: 1 } },
  { name: 'limit: 200', schema: PageQuery, input: { limit: '200' }, data: { limit: 200 } },
  { name: 'limit: 500 is 200', schema: PageQuery, input: { limit: '500' }, data: { limit: 200 } },
  { name: 'limit: "abc" is the default', schema: PageQuery, input: { limit: 'abc' }, data: { limit: 50 } },
  { name: 'limit: 1.5 is the default', schema: PageQuery, input: { limit: '1.5' }, data: { limit: 50 } },
  {
    name: 'limit: repeated, the first wins',
    schema: PageQuery,
    input: { limit: ['7', '9'] },
    data: { limit: 7 },
  },

  // Flag list filters are forgiving (§8)
  {
    name: 'flag list type: case-insensitive',
    schema: endpoints.listFlags.query,
    input: { type: 'boolean' },
    data: { type: 'Boolean', archived: false, limit: 50 },
  },
  {
    name: 'flag list type: JSON',
    schema: endpoints.listFlags.query,
    input: { type: 'JSON' },
    data: { type: 'Json' },
  },
  {
    name: 'flag list type: unrecognized means no filter',
    schema: endpoints.listFlags.query,
    input: { type: 'banana' },
    data: { type: undefined },
  },
  {
    name: 'flag list archived: true',
    schema: endpoints.listFlags.query,
    input: { archived: 'true' },
    data: { archived: true },
  },
  {
    name: 'flag list archived: false',
    schema: endpoints.listFlags.query,
    input: { archived: 'false' },
    data: { archived: false },
  },
  {
    name: 'flag list archived: anything else is omitted',
    schema: endpoints.listFlags.query,
    input: { archived: 'yes', limit: '0' },
    data: { archived: false, limit: 1 },
  },
];

describe('§2 formats and limits', () => {
  it('has unique case names', () => {
    const names = cases.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(cases)('$name', ({ schema, input, refused, didYouMean, data }) => {
    const result = validateInput(schema, input);
    if (refused === undefined) {
      expect(result.success ? undefined : result.failure).toBeUndefined();
      if (result.success && data !== undefined) expect(result.data).toMatchObject(data as object);
      return;
    }
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.failure.fields)).toEqual(refused);
    expect(result.failure.didYouMean).toEqual(didYouMean);
  });
});
