export * from './generated/index.js';
export { ApiPromise, type ApiResponse } from './lib/api-promise.js';
export type { ClientOptions, FetchFunction } from './lib/client-options.js';
export {
  ApiError,
  type ApiErrorDetails,
  BadRequestError,
  ConflictError,
  ConnectionError,
  FlagplaneError,
  ForbiddenError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  ResponseValidationError,
  ServiceUnavailableError,
  TimeoutError,
  UnauthorizedError,
  UserAbortError,
  ValidationError,
} from './lib/errors.js';
export { EventStream, type EventStreamOptions, type StreamEvent } from './lib/event-stream.js';
export { createClient, FlagplaneClient } from './lib/flagplane-client.js';
export type { FlagplaneLogger } from './lib/logger.js';
export type { BodyParams, QueryParams } from './lib/operation-types.js';
export { Page, PagePromise } from './lib/page.js';
export type { RateLimit } from './lib/rate-limit.js';
export { maxRequestBodyBytes } from './lib/request-body.js';
export type { ConditionalRequestOptions, RequestOptions } from './lib/request-options.js';
export type { TokenSource } from './lib/token-source.js';
