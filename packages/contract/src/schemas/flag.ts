import * as z from 'zod';
import { DateTime, Description, FlagKey, limits, Name, Tags, Uuid, VariationKey } from '../formats.js';
import { actionsOf, CreateAction, pageOf } from './common.js';
import { FlagType, Staleness } from './enums.js';
import { NestedFlagEnvironment } from './flag-environment.js';
import { flagTypeRules } from './flag-type-rules.js';
import { ManagedBy, ManagedByProperty } from './managed-by.js';
import { VariationValue, variationValueProblem } from './variation-value.js';

export const VariationActions = actionsOf(['update', 'delete'], 'VariationActions');

const variationFields = {
  id: Uuid,
  key: z.string().nullable(),
  name: z.string().nullable(),
  value: z.string().nullable(),
  description: z.string().nullable(),
};

export const Variation = z
  .strictObject({ ...variationFields, _actions: VariationActions })
  .meta({ id: 'Variation' });
export type Variation = z.infer<typeof Variation>;

/** A variation nested in a flag detail (no `_actions`: nested objects never carry them). */
export const NestedVariation = z.strictObject(variationFields).meta({ id: 'NestedVariation' });
export type NestedVariation = z.infer<typeof NestedVariation>;

export const VariationCreateBody = z
  .object({
    key: VariationKey,
    name: Name.nullish(),
    value: VariationValue,
    description: Description.nullish(),
  })
  .meta({
    id: 'VariationCreateBody',
    description:
      "A new variation of a String, Number or Json flag (a Boolean flag's two are fixed): its `value` is " +
      "checked against the flag's type (a Number's is the text of a finite JSON number, a Json's JSON text); " +
      `keys and values are unique within the flag, which has at most ${limits.variationsPerFlag} variations.`,
  });
export type VariationCreateBody = z.input<typeof VariationCreateBody>;

export const VariationUpdateBody = z
  .object({
    name: Name.nullish(),
    value: VariationValue.nullish(),
    description: Description.nullish(),
  })
  .meta({
    id: 'VariationUpdateBody',
    description:
      "Partial (§3). A new `value` is checked against the flag's type and must be unique within the flag; a " +
      "Boolean flag's values cannot change.",
  });
export type VariationUpdateBody = z.input<typeof VariationUpdateBody>;

export const FlagActions = actionsOf(
  ['update', 'archive', 'restore', 'delete', 'createVariation'],
  'FlagActions',
);

const flagListFields = {
  id: Uuid,
  key: z.string().nullable(),
  name: z.string().nullable(),
  type: FlagType.nullable(),
  isArchived: z.boolean(),
  clientSideVisible: z.boolean(),
  temporary: z.boolean().meta({
    description:
      'Meant to be removed once it has done its job (a release or an experiment); false by default.',
  }),
  tags: z.array(z.string()).nullable(),
  createdAt: DateTime,
  updatedAt: DateTime,
  managedBy: ManagedBy.nullable(),
};

/** Present only in a list asked for with `view=full`: what a client would otherwise read flag by flag. */
const fullViewOnly = (description: string) => ({ description: `${description} With \`view=full\` only.` });

export const FlagListItem = z
  .strictObject({
    ...flagListFields,
    description: z.string().nullable().optional().meta(fullViewOnly("The flag's description.")),
    variations: z
      .array(NestedVariation)
      .optional()
      .meta(fullViewOnly('The variations, as in the flag detail.')),
    staleness: Staleness.optional().meta(fullViewOnly('As in the flag detail.')),
    environments: z
      .array(NestedFlagEnvironment)
      .optional()
      .meta(
        fullViewOnly("The flag's configuration in every environment of the project, in environment order."),
      ),
  })
  .meta({ id: 'FlagListItem' });
export type FlagListItem = z.infer<typeof FlagListItem>;

export const FlagPage = pageOf(FlagListItem, CreateAction).meta({ id: 'FlagPage' });
export type FlagPage = z.infer<typeof FlagPage>;

/** The single-flag representation (§8): the list fields plus description, variations and staleness. */
export const Flag = z
  .strictObject({
    ...flagListFields,
    description: z.string().nullable(),
    variations: z.array(NestedVariation),
    staleness: Staleness,
    _actions: FlagActions,
  })
  .meta({ id: 'Flag' });
export type Flag = z.infer<typeof Flag>;

export const FlagCreateBody = z
  .object({
    key: FlagKey,
    type: FlagType,
    name: Name.nullish(),
    description: Description.nullish(),
    tags: Tags.nullish(),
    clientSideVisible: z.boolean().nullish(),
    temporary: z.boolean().nullish(),
    variations: z
      .array(VariationCreateBody)
      .max(limits.variationsPerFlag, `at most ${limits.variationsPerFlag} variations`)
      .nullish(),
    defaultVariationKey: VariationKey.nullish(),
    managedBy: ManagedByProperty,
  })
  .superRefine((body, context) => {
    const variations = body.variations ?? [];
    if (body.type === 'Boolean') {
      const values = variations.map((variation) => variation.value).sort();
      if (body.variations && (values.length !== 2 || values[0] !== 'false' || values[1] !== 'true')) {
        context.addIssue({
          code: 'custom',
          path: ['variations'],
          message: 'a Boolean flag has exactly two variations, with values "true" and "false"',
        });
      }
    } else if (variations.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['variations'],
        message: `a ${body.type} flag needs 1–${limits.variationsPerFlag} variations`,
      });
    }
    const seenKeys = new Set<string>();
    const seenValues = new Set<string>();
    variations.forEach((variation, index) => {
      const problem = variationValueProblem(body.type, variation.value);
      if (problem)
        context.addIssue({ code: 'custom', path: ['variations', index, 'value'], message: problem });
      if (seenKeys.has(variation.key)) {
        context.addIssue({
          code: 'custom',
          path: ['variations', index, 'key'],
          message: `duplicate key "${variation.key}"`,
        });
      }
      if (seenValues.has(variation.value)) {
        context.addIssue({
          code: 'custom',
          path: ['variations', index, 'value'],
          message: 'duplicate value',
        });
      }
      seenKeys.add(variation.key);
      seenValues.add(variation.value);
    });
    const defaultKey = body.defaultVariationKey;
    const knownKeys = body.variations ? [...seenKeys] : body.type === 'Boolean' ? ['true', 'false'] : [];
    if (defaultKey != null && !knownKeys.includes(defaultKey)) {
      context.addIssue({
        code: 'custom',
        path: ['defaultVariationKey'],
        message: `unknown variation "${defaultKey}"; expected one of ${knownKeys.join(', ')}`,
      });
    }
  })
  .meta({ id: 'FlagCreateBody', ...flagTypeRules });
export type FlagCreateBody = z.input<typeof FlagCreateBody>;

/** Partial (§3): omitted or null keeps the value; `""` clears the description; `[]` clears tags. */
export const FlagUpdateBody = z
  .object({
    name: Name.nullish(),
    description: Description.nullish(),
    tags: Tags.nullish(),
    clientSideVisible: z.boolean().nullish(),
    temporary: z.boolean().nullish(),
    managedBy: ManagedByProperty,
  })
  .meta({ id: 'FlagUpdateBody' });
export type FlagUpdateBody = z.input<typeof FlagUpdateBody>;

function firstString(raw: string | string[] | undefined): string | undefined {
  return Array.isArray(raw) ? raw[0] : raw;
}

export type FlagListView = 'summary' | 'full';

const typeByLowerName = new Map(FlagType.options.map((name) => [name.toLowerCase(), name]));
const QueryText = z.union([z.string(), z.array(z.string())]).optional();

/**
 * Flag list filters (§8): every filter is forgiving. An unrecognized `type` means no type filter; an
 * `archived` other than `true` means non-archived flags.
 */
export const FlagListQuery = z
  .object({
    search: QueryText.transform(firstString).meta({
      description: 'Case-insensitive substring of key or name.',
    }),
    tag: QueryText.transform(firstString).meta({ description: 'An exact tag.' }),
    type: QueryText.transform((raw) => typeByLowerName.get(firstString(raw)?.toLowerCase() ?? '')).meta({
      description: 'A flag type, case-insensitive; an unrecognized value is ignored.',
    }),
    archived: QueryText.transform((raw) => firstString(raw) === 'true').meta({
      description: '`true` lists archived flags; anything else lists flags that are not archived.',
    }),
    view: QueryText.transform(
      (raw): FlagListView => (firstString(raw)?.toLowerCase() === 'full' ? 'full' : 'summary'),
    ).meta({
      description:
        "`full` adds each flag's description, variations, staleness and configuration in every environment " +
        '(`environments`), so a whole project reads in one walk of the list; anything else is `summary`, ' +
        'the list fields only.',
    }),
  })
  .meta({ id: 'FlagListQuery' });
export type FlagListQuery = z.input<typeof FlagListQuery>;
