/**
 * §23: OFREP, the OpenFeature Remote Evaluation Protocol (github open-feature/protocol, `service/openapi.yaml`),
 * as the reference server speaks it: the request body, the answers and the error bodies, in OFREP's own
 * names (camelCase, upper-case codes), so that every language's standard OFREP provider reads them.
 */
import * as z from 'zod';
import { limits } from '../formats.js';
import {
  AttributeName,
  AttributeValue,
  ContextKey,
  type EvaluationErrorCode,
  type ReasonKind,
} from './evaluation.js';

/**
 * OFREP's flat context: `targetingKey` (the §21 context key) beside the attributes. A `null` is a missing
 * attribute; a nested object is refused (`INVALID_CONTEXT`, naming the attribute).
 */
export const OfrepContext = z
  .object({ targetingKey: ContextKey.nullable().optional() })
  .catchall(AttributeValue)
  .superRefine((context, check) => {
    const names = Object.keys(context);
    if (names.length > limits.contextAttributes + 1) {
      check.addIssue({ code: 'custom', message: `at most ${limits.contextAttributes} attributes`, path: [] });
    }
    for (const name of names) {
      const problem = AttributeName.safeParse(name);
      if (!problem.success) {
        check.addIssue({
          code: 'custom',
          message: `attribute name ${problem.error.issues[0]?.message ?? 'is invalid'}`,
          path: [name],
        });
      }
    }
  })
  .meta({
    id: 'OfrepContext',
    // `targetingKey` and at most `contextAttributes` attributes, each named as §21 names them.
    maxProperties: limits.contextAttributes + 1,
    propertyNames: { minLength: 1, maxLength: limits.contextAttributeNameLength },
    description:
      'The evaluation context (§23): `targetingKey` and attributes, each a string, a finite number, a boolean, ' +
      'a list of strings, or `null` (a missing attribute). A nested object is `INVALID_CONTEXT`.',
  });
export type OfrepContext = z.infer<typeof OfrepContext>;

export const OfrepEvaluationRequest = z
  .object({ context: OfrepContext })
  .meta({ id: 'OfrepEvaluationRequest', description: 'What to evaluate a flag (or every flag) for.' });
export type OfrepEvaluationRequest = z.input<typeof OfrepEvaluationRequest>;

/** §23's mapping of reason kinds to OpenFeature's reasons (`Error` answers an evaluation failure instead). */
export const OfrepReason = z.enum([
  'DISABLED',
  'STATIC',
  'DEFAULT',
  'TARGETING_MATCH',
  'SPLIT',
  'PREREQUISITE_FAILED',
]);
export type OfrepReason = z.infer<typeof OfrepReason>;

/** §23: each reason kind as OpenFeature names it (`Error` answers an error code instead). */
export const openFeatureReasons = {
  Off: 'DISABLED',
  Static: 'STATIC',
  Default: 'DEFAULT',
  Rule: 'TARGETING_MATCH',
  Rollout: 'SPLIT',
  PrerequisiteFailed: 'PREREQUISITE_FAILED',
} as const satisfies Record<Exclude<ReasonKind, 'Error'>, OfrepReason>;

/** §23: each evaluation error code as OpenFeature names it. */
export const openFeatureErrorCodes = {
  TargetingKeyMissing: 'TARGETING_KEY_MISSING',
  TypeMismatch: 'TYPE_MISMATCH',
  General: 'GENERAL',
} as const satisfies Record<EvaluationErrorCode, string>;

/** OpenFeature's error codes, as OFREP answers them. */
export const OfrepErrorCode = z.enum([
  'PARSE_ERROR',
  'TARGETING_KEY_MISSING',
  'INVALID_CONTEXT',
  'FLAG_NOT_FOUND',
  'GENERAL',
]);
export type OfrepErrorCode = z.infer<typeof OfrepErrorCode>;

/** Flag metadata: `ruleId` and `ruleIndex` (a rule matched), `prerequisiteKey` (a prerequisite failed). */
export const OfrepFlagMetadata = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .meta({ id: 'OfrepFlagMetadata' });

export const OfrepEvaluationSuccess = z
  .strictObject({
    key: z.string(),
    value: z.unknown().meta({
      description: "The variation's value: a boolean, a number, a string, or a Json flag's parsed JSON.",
    }),
    reason: OfrepReason,
    /** The variation key. */
    variant: z.string(),
    metadata: OfrepFlagMetadata.optional(),
  })
  .meta({ id: 'OfrepEvaluationSuccess' });
export type OfrepEvaluationSuccess = z.infer<typeof OfrepEvaluationSuccess>;

export const OfrepEvaluationFailure = z
  .strictObject({
    key: z.string(),
    errorCode: OfrepErrorCode,
    errorDetails: z.string(),
    metadata: OfrepFlagMetadata.optional(),
  })
  .meta({ id: 'OfrepEvaluationFailure' });
export type OfrepEvaluationFailure = z.infer<typeof OfrepEvaluationFailure>;

/**
 * §24 and OFREP's ADR-0008: where to listen for changes instead of polling. `endpoint.requestUri` is
 * resolved against the origin the provider was configured with, so it holds wherever the server is reached.
 */
export const OfrepEventStream = z
  .strictObject({
    type: z.literal('sse'),
    endpoint: z.strictObject({ requestUri: z.string().startsWith('/') }),
    inactivityDelaySec: z.number().int().min(1).optional(),
  })
  .meta({ id: 'OfrepEventStream' });
export type OfrepEventStream = z.infer<typeof OfrepEventStream>;

export const OfrepBulkEvaluation = z
  .strictObject({
    flags: z.array(z.union([OfrepEvaluationSuccess, OfrepEvaluationFailure])),
    metadata: z.strictObject({
      environment: z.string().meta({ description: "The key's environment." }),
      version: z.string().meta({ description: "The environment's configuration version; changes with it." }),
    }),
    eventStreams: z.array(OfrepEventStream).optional(),
  })
  .meta({ id: 'OfrepBulkEvaluation' });
export type OfrepBulkEvaluation = z.infer<typeof OfrepBulkEvaluation>;

/**
 * OFREP's error answers: `400` and `404` name the code (and the flag, on the single-flag path); `401`,
 * `403`, `429` and `500` carry `errorDetails` only.
 */
export const OfrepErrorBody = z
  .strictObject({
    key: z.string().optional(),
    errorCode: OfrepErrorCode.optional(),
    errorDetails: z.string(),
  })
  .meta({ id: 'OfrepErrorBody' });
export type OfrepErrorBody = z.infer<typeof OfrepErrorBody>;
