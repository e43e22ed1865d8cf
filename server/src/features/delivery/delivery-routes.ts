/**
 * §21's delivery paths, for applications holding an SDK key (authenticated in plugins/authentication.ts):
 * `GET /api/v1/sdk/flags` (server-side keys: everything local evaluation needs, with an ETag; a matching
 * `If-None-Match` answers 304 with no body) and `POST /api/v1/sdk/evaluate` (a client-side key sees only
 * `clientSideVisible` flags). Both serve the environment's snapshot, derived once per change.
 */
import {
  deliveryEndpoints,
  deliveryPaths,
  type EvaluationResultShape,
  type EvaluationResults,
  type SdkEvaluateBody,
  validateInput,
} from '@flagplane/contract';
import type { EvaluationResult } from '@flagplane/evaluation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SdkKeyCaller } from '../../access/sdk-key-caller.js';
import { ApiError, invalidInput } from '../../domain/api-error.js';
import type { Store, StoreView } from '../../store/store.js';
import { environmentSnapshot } from '../evaluation/environment-snapshot.js';
import { LastUseRecorder } from './last-use.js';

export interface DeliveryRoutesOptions {
  readonly store: Store;
  readonly clock: () => Date;
}

/** The caller's environment as this read sees it (a key revoked or an environment deleted since: 401). */
function currentEnvironment(view: StoreView, caller: SdkKeyCaller) {
  const key = view.get('sdkKeys', caller.key.id);
  const environment = view.get('environments', caller.environment.id);
  const project = environment ? view.get('projects', environment.projectId) : undefined;
  if (!key?.isActive || !environment || !project) {
    throw new ApiError('unauthorized', 'The SDK key is invalid or revoked.');
  }
  return { environment, project };
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

/**
 * What a client-side key may read of a result: nothing naming a flag it cannot see (a hidden
 * prerequisite's key), and no error text (which may name one).
 */
function forClientSide(result: EvaluationResult, visible: ReadonlySet<string>): EvaluationResultShape {
  const { reason } = result;
  if (reason.kind === 'PrerequisiteFailed' && !visible.has(reason.prerequisiteKey)) {
    return { ...result, reason: { kind: 'PrerequisiteFailed' } };
  }
  if (reason.kind === 'Error') return { ...result, reason: { kind: 'Error' } };
  return result;
}

export function registerDeliveryRoutes(app: FastifyInstance, options: DeliveryRoutesOptions): void {
  const lastUse = new LastUseRecorder(options.store, options.clock, app.log);

  app.get(deliveryEndpoints.getSdkFlags.path, async (request, reply) => {
    const caller = callerOf(request);
    if (!(deliveryEndpoints.getSdkFlags.keyTypes as readonly string[]).includes(caller.key.type)) {
      throw new ApiError(
        'forbidden',
        `GET ${deliveryPaths.flags} needs a server-side SDK key (fp_srv_…); a client-side key may POST ${deliveryPaths.evaluate}.`,
      );
    }
    const json = await options.store.read((view) => {
      const { project, environment } = currentEnvironment(view, caller);
      return environmentSnapshot(view, project, environment).json();
    });
    lastUse.used(caller.key);
    // No Cache-Control: a request with Authorization is never stored by a shared cache, and the ETag is
    // what a client revalidates with.
    reply.header('etag', json.etag);
    if (matches(request.headers['if-none-match'], json.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json.text);
  });

  app.post(deliveryEndpoints.evaluateForSdk.path, async (request): Promise<EvaluationResults> => {
    const caller = callerOf(request);
    const parsed = validateInput(deliveryEndpoints.evaluateForSdk.body, request.body ?? null);
    if (!parsed.success) throw invalidInput(parsed.failure);
    const body = parsed.data as z.output<typeof SdkEvaluateBody>;
    const items = await options.store.read((view) => {
      const { project, environment } = currentEnvironment(view, caller);
      const { document, evaluator } = environmentSnapshot(view, project, environment);
      if (caller.key.type !== 'ClientSide') return evaluator.evaluateAll(body.context);
      const visible = new Set(
        document.flags.filter((flag) => flag.clientSideVisible).map((flag) => flag.key),
      );
      return evaluator
        .evaluateAll(body.context, [...visible])
        .map((result) => forClientSide(result, visible));
    });
    lastUse.used(caller.key);
    return { items } as EvaluationResults;
  });
}
