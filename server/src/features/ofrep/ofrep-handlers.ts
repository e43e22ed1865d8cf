/**
 * §23: OFREP on the reference server. `POST /ofrep/v1/evaluate/flags/{key}` evaluates one flag for a
 * context (404 `FLAG_NOT_FOUND`, 400 for an evaluation error); `POST /ofrep/v1/evaluate/flags` every flag
 * the key may see, with an ETag (the route loop answers the 304). Errors reach the caller in OFREP's
 * shape through the error handler (the endpoint's `errorFormat`).
 */
import { openFeatureErrorCodes } from '@flagplane/contract';
import { ApiError } from '../../domain/api-error.js';
import type { SdkKeyOperationHandler } from '../../routes/operation-handler.js';
import { toOfrepFailure, toOfrepItem, toOfrepSuccess } from './ofrep-representation.js';
import { bulkEtag, environmentVersion, evaluateEvery, evaluateOne, ofrepView } from './ofrep-service.js';

export const ofrepEvaluateFlag: SdkKeyOperationHandler<'ofrepEvaluateFlag'> = ({
  store,
  sdkKey,
  params,
  body,
}) => {
  const view = ofrepView(store, sdkKey, body.context);
  const result = evaluateOne(view, params.key);
  if (result.reason.kind === 'Error') {
    const failure = toOfrepFailure(result.flagKey, result.reason, view.audience);
    throw new ApiError('bad_request', failure.errorDetails, {
      ofrep: { errorCode: openFeatureErrorCodes[result.reason.errorCode], key: result.flagKey },
    });
  }
  return toOfrepSuccess(result, view.audience);
};

export const ofrepEvaluateFlags: SdkKeyOperationHandler<'ofrepEvaluateFlags'> = ({ store, sdkKey, body }) => {
  const view = ofrepView(store, sdkKey, body.context);
  return {
    etag: bulkEtag(view, sdkKey.key.type, body.context),
    body: () => ({
      flags: evaluateEvery(view).map((result) => toOfrepItem(result, view.audience)),
      metadata: { environment: sdkKey.environment.key, version: environmentVersion(view) },
    }),
  };
};
