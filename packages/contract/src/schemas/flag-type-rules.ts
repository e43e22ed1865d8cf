/**
 * §8's rules for a new flag's variations by its `type`, for the OpenAPI document: in JSON Schema (`allOf`
 * of `if`/`then`, attached to FlagCreateBody) where JSON Schema can say them, built from the values
 * FlagCreateBody's refinement checks with, and in words where it cannot (a default that must name one of
 * the variations, keys and values unique within the flag, finite numbers, JSON text).
 */
import { defaultBooleanVariations } from '../desired-state/desired-flag.js';
import { limits, patterns } from '../formats.js';
import type { FlagType } from './enums.js';
import { ifThen, type JsonSchema, partOf } from './json-schema-parts.js';

const typeIs = (...types: FlagType[]): JsonSchema =>
  partOf({
    required: ['type'],
    properties: { type: types.length === 1 ? { const: types[0] } : { enum: types } },
  });

const variations = (schema: JsonSchema): JsonSchema => partOf({ properties: { variations: schema } });
const eachValue = (schema: JsonSchema): JsonSchema =>
  variations({ items: partOf({ properties: { value: schema } }) });

const booleanValues = ['true', 'false'];

export const flagTypeRules = {
  description: [
    "A flag's `variations` depend on its `type` (§8):",
    `- \`Boolean\`: omitted or null for ${defaultBooleanVariations.map((variation) => `\`${variation.key}\` ("${variation.name}")`).join(' and ')}; if given, exactly two, with the values \`"true"\` and \`"false"\`.`,
    `- \`String\`, \`Number\`, \`Json\`: 1–${limits.variationsPerFlag} variations, required.`,
    '- `Number` values are the text of a finite JSON number (`1e400` is refused); `Json` values are JSON text.',
    '- Keys and values are unique within the flag; `defaultVariationKey` names one of the variations.',
  ].join('\n'),
  allOf: [
    ifThen(
      typeIs('Boolean'),
      variations({
        anyOf: [
          { type: 'null' },
          {
            type: 'array',
            minItems: booleanValues.length,
            maxItems: booleanValues.length,
            items: partOf({ properties: { value: { enum: booleanValues } } }),
            allOf: booleanValues.map((value) => ({
              contains: partOf({ required: ['value'], properties: { value: { const: value } } }),
            })),
          },
        ],
      }),
    ),
    // Without variations of its own, a Boolean flag's default is one of the two it gets.
    ifThen(
      partOf({
        required: ['type'],
        properties: { type: { const: 'Boolean' }, variations: { type: 'null' } },
      }),
      partOf({
        properties: {
          defaultVariationKey: {
            enum: [...defaultBooleanVariations.map((variation) => variation.key), null],
          },
        },
      }),
    ),
    ifThen(typeIs('String', 'Number', 'Json'), {
      ...variations({ type: 'array', minItems: 1 }),
      required: ['variations'],
    }),
    ifThen(typeIs('Number'), eachValue({ pattern: patterns.jsonNumber.source })),
    ifThen(typeIs('Json'), eachValue({ contentMediaType: 'application/json' })),
  ],
} satisfies JsonSchema;
