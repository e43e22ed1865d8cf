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

/** §21's attribute values; §23: `null` is accepted and read as a missing attribute. */
export const AttributeValue = z.union(
  [
    z.string(),
    z.number(),
    z.boolean(),
    z.array(z.string()).max(limits.contextArrayValues, `at most ${limits.contextArrayValues} values`),
    z.null(),
  ],
  {
    error:
      'must be a string, a finite number, a boolean, a list of strings, or null (a nested object is not an attribute)',
  },
);
export type AttributeValue = z.infer<typeof AttributeValue>;

export const AttributeName = z
  .string()
  .min(1, 'must not be empty')
  .max(limits.contextAttributeNameLength, `must be at most ${limits.contextAttributeNameLength} characters`);

export const ContextKey = z
  .string()
  .min(1, 'must not be empty')
  .max(limits.contextKeyLength, `must be at most ${limits.contextKeyLength} characters`);

export const EvaluationContext = z
  .strictObject({
    key: ContextKey.optional(),
    attributes: z
      .record(AttributeName, AttributeValue)
      .refine((attributes) => Object.keys(attributes).length <= limits.contextAttributes, {
        message: `at most ${limits.contextAttributes} attributes`,
      })
      .optional(),
  })
  .meta({
    id: 'EvaluationContext',
    description:
      'Who is asking (§21, §23): an optional key (a percentage rollout needs it), and attributes (strings, ' +
      'numbers, booleans or lists of strings; `null` is a missing attribute).',
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

/**
 * §21 and §23: why a context is served what it is. `Static`: the flag serves one variation to everyone
 * (strategy `SingleVariation`); `Default`: a targeted rollout where no rule matched.
 */
export const ReasonKind = z.enum([
  'Off',
  'Static',
  'Default',
  'Rollout',
  'Rule',
  'PrerequisiteFailed',
  'Error',
]);
export type ReasonKind = z.infer<typeof ReasonKind>;

/** §23: what went wrong, with reason kind `Error` (`TypeMismatch` only in a provider, which knows the type asked for). */
export const EvaluationErrorCode = z.enum(['TargetingKeyMissing', 'TypeMismatch', 'General']);
export type EvaluationErrorCode = z.infer<typeof EvaluationErrorCode>;

export const EvaluationReason = z
  .strictObject({
    kind: ReasonKind,
    ruleId: Uuid.optional(),
    ruleIndex: z.number().int().optional(),
    prerequisiteKey: z.string().optional(),
    errorCode: EvaluationErrorCode.optional(),
    errorMessage: z.string().optional(),
  })
  .meta({ id: 'EvaluationReason' });
export type EvaluationReasonShape = z.infer<typeof EvaluationReason>;

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
export type SdkSegment = z.infer<typeof SdkSegment>;

export const SdkFlagsDocument = z
  .strictObject({
    environment: z.strictObject({ id: Uuid, key: z.string() }),
    flags: z.array(SdkFlag),
    segments: z.array(SdkSegment),
  })
  .meta({ id: 'SdkFlagsDocument' });
export type SdkFlagsDocument = z.infer<typeof SdkFlagsDocument>;

/**
 * §24: what a change stream (`GET /api/v1/sdk/stream`) sends each time what the key's environment serves
 * changes: OFREP's `refetchEvaluation` (ADR-0008). `etag` is the environment's configuration version (the
 * OFREP answer's `metadata.version`, the delivery document's ETag without quotes), also the event's id;
 * `lastModified` is when the server saw the change, in Unix seconds.
 */
export const SdkChangeEvent = z
  .strictObject({
    type: z.literal('refetchEvaluation'),
    etag: z.string(),
    lastModified: z.number().int().min(0),
  })
  .meta({ id: 'SdkChangeEvent' });
export type SdkChangeEvent = z.infer<typeof SdkChangeEvent>;

/** §24: `key` carries a client-side SDK key for a browser's EventSource, which cannot send headers. */
export const SdkStreamQuery = z
  .object({
    key: z.string().optional().meta({
      description:
        'A client-side SDK key (fp_cli_…), for EventSource, which cannot send headers. A server-side key is never accepted here: it goes in the Authorization header.',
    }),
  })
  .meta({ id: 'SdkStreamQuery' });
