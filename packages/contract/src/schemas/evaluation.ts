/**
 * §21: evaluation on the wire. The context a caller sends, the results it gets, and what an application
 * holding a server-side SDK key downloads to evaluate locally (`GET /api/v1/sdk/flags`): the flags of one
 * environment with that environment's configuration, and the segments their rules use. These are the
 * shapes `@flagplane/evaluation` reads, so a downloaded document is evaluated as it is.
 */
import * as z from 'zod';
import { FlagKey, limits, Uuid } from '../formats.js';
import { FlagType } from './enums.js';
import { NestedVariation } from './flag.js';
import { NestedFlagEnvironment } from './flag-environment.js';
import { SegmentListItem } from './segment.js';

const AttributeValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()).max(limits.contextArrayValues, `at most ${limits.contextArrayValues} values`),
]);

export const EvaluationContext = z
  .strictObject({
    key: z
      .string()
      .min(1, 'must not be empty')
      .max(limits.contextKeyLength, `must be at most ${limits.contextKeyLength} characters`),
    attributes: z
      .record(
        z
          .string()
          .min(1, 'must not be empty')
          .max(
            limits.contextAttributeNameLength,
            `must be at most ${limits.contextAttributeNameLength} characters`,
          ),
        AttributeValue,
      )
      .refine((attributes) => Object.keys(attributes).length <= limits.contextAttributes, {
        message: `at most ${limits.contextAttributes} attributes`,
      })
      .optional(),
  })
  .meta({
    id: 'EvaluationContext',
    description:
      'Who is asking (§21): a key, and attributes (strings, numbers, booleans or lists of strings).',
  });
export type EvaluationContext = z.infer<typeof EvaluationContext>;

/** The playground's body: a context, and optionally which flags (default: every flag of the project). */
export const EvaluateBody = z.object({
  context: EvaluationContext,
  flags: z.array(FlagKey).max(limits.evaluateFlags, `at most ${limits.evaluateFlags} flags`).optional(),
});
export type EvaluateBody = z.input<typeof EvaluateBody>;

export const SdkEvaluateBody = z.object({ context: EvaluationContext });
export type SdkEvaluateBody = z.input<typeof SdkEvaluateBody>;

export const EvaluationReason = z
  .strictObject({
    kind: z.enum(['Off', 'Default', 'Rollout', 'Rule', 'PrerequisiteFailed', 'Error']),
    ruleId: Uuid.optional(),
    ruleIndex: z.number().int().optional(),
    prerequisiteKey: z.string().optional(),
    errorMessage: z.string().optional(),
  })
  .meta({ id: 'EvaluationReason' });

export const EvaluationResult = z
  .strictObject({
    flagKey: z.string(),
    variationKey: z.string().nullable(),
    value: z.unknown().meta({
      description: 'Typed by the flag: boolean, number, parsed JSON or string; null with reason Error.',
    }),
    reason: EvaluationReason,
  })
  .meta({ id: 'EvaluationResult' });
export type EvaluationResultShape = z.infer<typeof EvaluationResult>;

export const EvaluationResults = z
  .strictObject({ items: z.array(EvaluationResult) })
  .meta({ id: 'EvaluationResults' });
export type EvaluationResults = z.infer<typeof EvaluationResults>;

export const SdkFlag = z
  .strictObject({
    id: Uuid,
    key: z.string(),
    type: FlagType,
    isArchived: z.boolean(),
    clientSideVisible: z.boolean(),
    variations: z.array(NestedVariation.pick({ id: true, key: true, value: true })),
    configuration: NestedFlagEnvironment.pick({
      isEnabled: true,
      defaultVariationId: true,
      strategy: true,
      prerequisites: true,
      rules: true,
      percentageRollout: true,
    }),
  })
  .meta({ id: 'SdkFlag' });
export type SdkFlag = z.infer<typeof SdkFlag>;

export const SdkSegment = SegmentListItem.pick({
  id: true,
  key: true,
  included: true,
  excluded: true,
  conditionGroups: true,
}).meta({ id: 'SdkSegment' });

export const SdkFlagsDocument = z
  .strictObject({
    environment: z.strictObject({ id: Uuid, key: z.string() }),
    flags: z.array(SdkFlag),
    segments: z.array(SdkSegment),
  })
  .meta({ id: 'SdkFlagsDocument' });
export type SdkFlagsDocument = z.infer<typeof SdkFlagsDocument>;

/** §21: the delivery paths, where an SDK key is the credential (and nowhere else). */
export const deliveryPaths = {
  /** GET, server-side keys: the `SdkFlagsDocument` of the key's environment, with an ETag. */
  flags: '/api/v1/sdk/flags',
  /** POST `SdkEvaluateBody` → `EvaluationResults`; a client-side key sees `clientSideVisible` flags only. */
  evaluate: '/api/v1/sdk/evaluate',
} as const;
