/**
 * §23: evaluation results in OFREP's words: the reason as OpenFeature names it, the variation key as the
 * variant, `ruleId`/`ruleIndex`/`prerequisiteKey` as flag metadata, and an `Error` as an evaluation
 * failure with OpenFeature's error code.
 */
import {
  type OfrepEvaluationFailure,
  type OfrepEvaluationSuccess,
  openFeatureErrorCodes,
  openFeatureReasons,
} from '@flagplane/contract';
import type { EvaluationResult } from '@flagplane/evaluation';

type ErrorReason = Extract<EvaluationResult['reason'], { kind: 'Error' }>;

/** What the caller may see: a client-side key is told nothing that names a flag hidden from it. */
export interface Audience {
  /** null: every flag (a server-side key). */
  readonly visible: ReadonlySet<string> | null;
}

export function toOfrepSuccess(result: EvaluationResult, audience: Audience): OfrepEvaluationSuccess {
  const { reason } = result;
  if (reason.kind === 'Error') throw new Error('an evaluation error is not a success');
  const metadata: Record<string, string | number> = {};
  if (reason.kind === 'Rule') {
    metadata.ruleId = reason.ruleId;
    metadata.ruleIndex = reason.ruleIndex;
  }
  if (reason.kind === 'PrerequisiteFailed' && (audience.visible?.has(reason.prerequisiteKey) ?? true)) {
    metadata.prerequisiteKey = reason.prerequisiteKey;
  }
  return {
    key: result.flagKey,
    value: result.value,
    reason: openFeatureReasons[reason.kind],
    variant: result.variationKey ?? '',
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

export function toOfrepFailure(
  flagKey: string,
  reason: ErrorReason,
  audience: Audience,
): OfrepEvaluationFailure {
  return {
    key: flagKey,
    errorCode: openFeatureErrorCodes[reason.errorCode],
    // The message may name a prerequisite the key cannot see; the code alone says what went wrong.
    errorDetails: audience.visible === null ? reason.errorMessage : errorSummaries[reason.errorCode],
  };
}

const errorSummaries: Readonly<Record<ErrorReason['errorCode'], string>> = {
  TargetingKeyMissing: 'this flag serves a percentage rollout, which needs the context’s targetingKey',
  General: 'this flag cannot be evaluated',
};

export function toOfrepItem(
  result: EvaluationResult,
  audience: Audience,
): OfrepEvaluationSuccess | OfrepEvaluationFailure {
  return result.reason.kind === 'Error'
    ? toOfrepFailure(result.flagKey, result.reason, audience)
    : toOfrepSuccess(result, audience);
}
