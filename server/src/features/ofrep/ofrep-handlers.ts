/**
 * §23: OFREP on the reference server. `POST /ofrep/v1/evaluate/flags/{key}` evaluates one flag for a
 * context (404 `FLAG_NOT_FOUND`, 400 for an evaluation error); `POST /ofrep/v1/evaluate/flags` every flag
 * the key may see, with an ETag (the route loop answers the 304). Errors reach the caller in OFREP's
 * shape through the error handler (the endpoint's `errorFormat`).
 */
import {
  type OfrepBulkEvaluation,
  type OfrepEvaluationSuccess,
  openFeatureErrorCodes,
} from '@flagplane/contract';
import type { EvaluationResult } from '@flagplane/evaluation';
import { ApiError } from '../../domain/api-error.js';
import type { SdkKeyOperationHandler } from '../../routes/operation-handler.js';
import { SerializedJson } from '../../routes/serialized-json.js';
import { toOfrepFailure, toOfrepSuccess } from './ofrep-representation.js';
import {
  bulkAnswerText,
  bulkEtag,
  evaluationContextOf,
  eventStreamsFor,
  ofrepPlan,
  refuseUnknownFlag,
} from './ofrep-service.js';

export const ofrepEvaluateFlag: SdkKeyOperationHandler<'ofrepEvaluateFlag'> = ({
  store,
  sdkKey,
  params,
  body,
}) => {
  const plan = ofrepPlan(store, sdkKey);
  refuseUnknownFlag(plan, params.key);
  const fixed = plan.fixed.get(params.key);
  if (fixed !== undefined) return new SerializedJson<OfrepEvaluationSuccess>(fixed);
  const context = evaluationContextOf(body.context);
  const result = plan.snapshot.evaluator.evaluate(params.key, context) as EvaluationResult;
  if (result.reason.kind === 'Error') {
    const failure = toOfrepFailure(result.flagKey, result.reason, plan.audience);
    throw new ApiError('bad_request', failure.errorDetails, {
      ofrep: { errorCode: openFeatureErrorCodes[result.reason.errorCode], key: result.flagKey },
    });
  }
  return toOfrepSuccess(result, plan.audience);
};

export const ofrepEvaluateFlags: SdkKeyOperationHandler<'ofrepEvaluateFlags'> = ({
  store,
  sdkKey,
  sdkKeySecret,
  body,
}) => {
  const plan = ofrepPlan(store, sdkKey);
  return {
    etag: bulkEtag(plan, sdkKey.key.type, body.context),
    body: () =>
      new SerializedJson<OfrepBulkEvaluation>(
        bulkAnswerText(plan, body.context, sdkKey.environment.key, eventStreamsFor(sdkKey, sdkKeySecret)),
      ),
  };
};
