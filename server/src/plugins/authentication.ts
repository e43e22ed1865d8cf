/**
 * Authentication and rate limiting of `/api/v1` (§5, §13), as `onRequest` hooks in this order: find the
 * principal behind the bearer token (on `/api/v1/sdk/…`, the SDK key behind it, §21, and nowhere else), count the request (per token when the token is known, else per
 * address, so rotating invalid tokens does not escape the limit), then refuse unauthenticated calls.
 * Running before routing means 401s and 404s are counted and carry the rate-limit headers too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { principalForToken } from '../access/principal.js';
import { SdkKeyLookup } from '../access/sdk-key-caller.js';
import { TokenHashes } from '../access/token-hashes.js';
import { ApiError } from '../domain/api-error.js';
import type { RateLimitState } from '../domain/rate-limit.js';
import type { Store } from '../store/store.js';
import { FixedWindowRateLimiter } from './rate-limiter.js';

export interface AuthenticationOptions {
  readonly store: Store;
  readonly clock: () => Date;
  readonly rateLimit: { readonly max: number; readonly windowSeconds: number };
}

export const apiPrefix = '/api/v1';
/** §21: the paths where an SDK key is the credential. */
export const deliveryPrefix = `${apiPrefix}/sdk/`;

const isApiRequest = (request: FastifyRequest) =>
  request.url === apiPrefix ||
  request.url.startsWith(`${apiPrefix}/`) ||
  request.url.startsWith(`${apiPrefix}?`);

const isDeliveryRequest = (request: FastifyRequest) => request.url.startsWith(deliveryPrefix);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The rate-limit headers on every answer, and the refusal of this request, if it is refused. */
function refusal(
  request: FastifyRequest,
  reply: FastifyReply,
  state: RateLimitState,
  token: string | null,
  delivery: boolean,
): ApiError | undefined {
  reply.header('x-ratelimit-limit', state.limit);
  reply.header('x-ratelimit-remaining', state.remaining);
  reply.header('x-ratelimit-reset', state.resetAt);
  if (state.exceeded) {
    return new ApiError('rate_limited', `Rate limit exceeded; retry in ${state.retryAfter} s.`, {
      retryAfter: state.retryAfter,
      headers: { 'retry-after': String(state.retryAfter) },
    });
  }
  if (delivery && !request.sdkCaller) {
    return new ApiError(
      'unauthorized',
      token
        ? 'The SDK key is invalid or revoked.'
        : 'Authentication required: send Authorization: Bearer <SDK key> (fp_srv_… or fp_cli_…).',
    );
  }
  if (!delivery && !request.principal) {
    return new ApiError(
      'unauthorized',
      token
        ? 'The token is invalid, revoked or expired.'
        : 'Authentication required: send Authorization: Bearer <token>.',
    );
  }
  return undefined;
}

export const authenticationPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: AuthenticationOptions) => {
    const windowMs = options.rateLimit.windowSeconds * 1000;
    // §22: a store several processes share counts requests itself, in the round trip that catches up.
    const gate = options.store.createRequestGate?.(options.rateLimit.max, windowMs);
    const limiter = new FixedWindowRateLimiter(options.rateLimit.max, windowMs);
    const tokenHashes = new TokenHashes();
    const sdkKeys = new SdkKeyLookup();
    app.decorateRequest('principal', null);
    app.decorateRequest('sdkCaller', null);
    app.decorate('resetRateLimits', () => (gate ?? limiter).reset());

    /** Finds the caller behind the credential in the current state; returns the key it is counted by. */
    const identify = (request: FastifyRequest, token: string | null, now: Date, delivery: boolean) => {
      // §21: on the delivery paths the credential is an SDK key, and only there.
      if (delivery) {
        request.sdkCaller = token ? options.store.peek((view) => sdkKeys.callerFor(view, token)) : null;
      } else {
        request.principal = token
          ? options.store.peek((view) => principalForToken(view, token, now, tokenHashes))
          : null;
      }
      return request.principal
        ? `token:${request.principal.credentialId}`
        : request.sdkCaller
          ? `sdk-key:${request.sdkCaller.key.id}`
          : `address:${request.ip}`;
    };

    // Callback hooks, not async ones (a promise and a microtask less per request); what they pass to
    // `done`, Fastify answers through the error handler as it would a rejection.
    app.addHook('onRequest', (request, reply, done) => {
      if (!isApiRequest(request)) return done();
      const token = bearerToken(request);
      const now = options.clock();
      const delivery = isDeliveryRequest(request);
      const callerKey = identify(request, token, now, delivery);
      if (gate === undefined) {
        done(refusal(request, reply, limiter.hit(callerKey, now.getTime()), token, delivery));
        return;
      }
      // Counted by the caller this process knows (a token made on another process a moment ago counts
      // once by address), then identified again on the state the gate caught up to: a token revoked
      // anywhere is refused at once.
      gate.admit(callerKey, now.getTime()).then((state) => {
        let refused: Error | undefined;
        try {
          identify(request, token, now, delivery);
          refused = refusal(request, reply, state, token, delivery);
        } catch (error) {
          refused = error as Error; // answered by the error handler, never an unhandled rejection
        }
        done(refused);
      }, done);
    });
  },
  { name: 'flagplane-authentication' },
);
