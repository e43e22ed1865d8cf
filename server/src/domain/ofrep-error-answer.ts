/**
 * §23: an error on OFREP's paths, in OFREP's shape (github open-feature/protocol, `service/openapi.yaml`),
 * so that every language's standard provider reads it: `400` and `404` name OpenFeature's error code and,
 * on the single-flag path, the flag (`{key, errorCode, errorDetails}`); `401`, `403`, `429` and `5xx`
 * carry `errorDetails` (so does a 404 for a path that is no route). OFREP has no `413` or `415`: a body it
 * cannot read is `400 PARSE_ERROR`.
 */
import type { OfrepErrorBody, OfrepErrorCode } from '@flagplane/contract';
import type { ApiError } from './api-error.js';

export interface OfrepErrorAnswer {
  readonly status: number;
  readonly body: OfrepErrorBody;
}

/** `flagKey`: the `{key}` of the single-flag path, when the request has one. */
export function ofrepErrorAnswer(error: ApiError, flagKey: string | undefined): OfrepErrorAnswer {
  const errorCode = error.details.ofrep?.errorCode ?? codeFor(error, flagKey);
  const status = errorCode === undefined ? error.status : errorCode === 'FLAG_NOT_FOUND' ? 404 : 400;
  const key = error.details.ofrep?.key ?? flagKey;
  if (errorCode === undefined) return { status, body: { errorDetails: error.message } };
  return {
    status,
    body: { ...(key === undefined ? {} : { key }), errorCode, errorDetails: error.message },
  };
}

function codeFor(error: ApiError, flagKey: string | undefined): OfrepErrorCode | undefined {
  switch (error.code) {
    case 'validation_failed': {
      // The body parsed: a field of the context is at fault, or the context itself is missing.
      const fields = Object.keys(error.details.fields ?? {});
      return fields.some((field) => field === 'context' || field.startsWith('context.'))
        ? 'INVALID_CONTEXT'
        : 'PARSE_ERROR';
    }
    case 'bad_request':
    case 'payload_too_large':
    case 'unsupported_media_type':
      return 'PARSE_ERROR';
    // On the single-flag path a 404 is about its flag; elsewhere it is a path that is no route.
    case 'not_found':
      return flagKey === undefined ? undefined : 'FLAG_NOT_FOUND';
    default:
      return undefined;
  }
}
