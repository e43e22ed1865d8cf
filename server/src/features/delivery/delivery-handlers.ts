/**
 * §21's delivery paths, for applications holding an SDK key (authenticated in plugins/authentication.ts):
 * `GET /api/v1/sdk/flags` (server-side keys: everything local evaluation needs, with an ETag; a matching
 * `If-None-Match` answers 304 with no body) and `POST /api/v1/sdk/evaluate` (a client-side key sees only
 * `clientSideVisible` flags). Their rules are in delivery-service.ts; here only HTTP.
 */
import { deliveryEndpoints, type SdkEvaluateBody, validateInput } from '@flagplane/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SdkKeyCaller } from '../../access/sdk-key-caller.js';
import { ApiError, invalidInput } from '../../domain/api-error.js';
import type { Store } from '../../store/store.js';
import { toEvaluationResults } from '../evaluation/evaluation-representation.js';
import { evaluateForKey, refuseClientSideDownload, sdkFlagsDocument } from './delivery-service.js';
import { LastUseRecorder } from './last-use.js';

export interface DeliveryRoutesOptions {
  readonly store: Store;
  readonly clock: () => Date;
}

/** `If-None-Match` holds the ETag (a list, weak or not, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true; // what a polling client sends: the one ETag it was given
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

const callerOf = (request: FastifyRequest): SdkKeyCaller => {
  // The authentication hook refuses every delivery request without one.
  if (!request.sdkCaller) throw new ApiError('unauthorized', 'The SDK key is invalid or revoked.');
  return request.sdkCaller;
};

export function registerDeliveryRoutes(app: FastifyInstance, options: DeliveryRoutesOptions): void {
  const lastUse = new LastUseRecorder(options.store, options.clock, app.log);

  app.get(deliveryEndpoints.getSdkFlags.path, async (request, reply) => {
    const caller = callerOf(request);
    refuseClientSideDownload(caller);
    const json = await options.store.read((view) => sdkFlagsDocument(view, caller));
    lastUse.used(caller.key);
    // No Cache-Control: a request with Authorization is never stored by a shared cache, and the ETag is
    // what a client revalidates with.
    reply.header('etag', json.etag);
    if (matches(request.headers['if-none-match'], json.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json.text);
  });

  app.post(deliveryEndpoints.evaluateForSdk.path, async (request) => {
    const caller = callerOf(request);
    const parsed = validateInput(deliveryEndpoints.evaluateForSdk.body, request.body ?? null);
    if (!parsed.success) throw invalidInput(parsed.failure);
    const { context } = parsed.data as z.output<typeof SdkEvaluateBody>;
    const items = await options.store.read((view) => evaluateForKey(view, caller, context));
    lastUse.used(caller.key);
    return toEvaluationResults(items);
  });
}
