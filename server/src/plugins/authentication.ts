/**
 * Authentication and rate limiting of `/api/v1` and `/ofrep/v1` (§5, §13, §23), as one `onRequest` hook:
 * find the caller behind the credential (on an SDK key's paths, the key, §21, and nowhere else; the
 * route's `credential` says which paths those are), count the request (per token or key when it is known,
 * else per address, so rotating invalid credentials does not escape the limit), then refuse
 * unauthenticated calls. 401s and 404s are counted and carry the rate-limit headers too.
 */

import { endpoints, sdkKeyOperationIds, tokenOperationIds } from '@flagplane/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { keyFromUrl } from '../access/key-in-url.js';
import { principalForToken } from '../access/principal.js';
import { SdkKeyLookup } from '../access/sdk-key-caller.js';
import { TokenHashes } from '../access/token-hashes.js';
import { ApiError } from '../domain/api-error.js';
import type { RateLimitState } from '../domain/rate-limit.js';
import type { Store } from '../store/store.js';
import { FixedWindowRateLimiter } from './rate-limiter.js';

export interface AuthenticationOptions {
  readonly store: Store;
  /** The server's notion of now, in ms since the epoch. */
  readonly now: () => number;
  readonly rateLimit: { readonly max: number; readonly windowSeconds: number };
}

export const apiPrefix = '/api/v1';

/** What stands for a server-side key sent in a URL: refused as no key, with its own message. */
const serverSideKeyInUrl = 'server-side key in a URL';
/** §23: OFREP's paths, where an SDK key is the credential. */
export const ofrepPrefix = '/ofrep/v1';

const isUnder = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

const isApiRequest = (request: FastifyRequest) =>
  isUnder(request.url, apiPrefix) || isUnder(request.url, ofrepPrefix);

/**
 * Where an SDK key is the credential (§21, §23, §24), as two prefixes, so a request is told by two string
 * comparisons (reading the route's config costs an object per request). Checked against the endpoint table
 * when this module loads: every SDK-key operation lies under one, no token operation does.
 */
export const sdkKeyPathPrefixes: readonly string[] = [`${apiPrefix}/sdk/`, '/ofrep/'];
for (const operationId of [...sdkKeyOperationIds, ...tokenOperationIds]) {
  const { path, credential } = endpoints[operationId];
  const underPrefix = sdkKeyPathPrefixes.some((prefix) => path.startsWith(prefix));
  if (underPrefix !== (credential === 'sdkKey')) {
    throw new Error(`${operationId} (${path}, credential ${credential}) breaks the SDK-key path prefixes`);
  }
}

/** Whether the request's path takes an SDK key (a path no route knows included). */
export const takesSdkKey = (request: FastifyRequest): boolean =>
  request.url.startsWith(sdkKeyPathPrefixes[0] as string) ||
  request.url.startsWith(sdkKeyPathPrefixes[1] as string);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * §23: an SDK key comes as a bearer token, or in OFREP's `X-API-Key` header; §24: on a change stream, a
 * client-side key may also come in its URL (key-in-url.ts took it out before routing). A server-side key
 * is never taken from a URL, where logs, proxies and browser histories keep it.
 */
function sdkKeyOf(request: FastifyRequest): string | null {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  const inUrl = keyFromUrl(request.raw);
  if (inUrl !== undefined) return inUrl.startsWith('fp_cli_') ? inUrl : serverSideKeyInUrl;
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
}

/** The rate-limit headers on every answer, and the refusal of this request, if it is refused. */
function refusal(
  request: FastifyRequest,
  reply: FastifyReply,
  state: RateLimitState,
  token: string | null,
  sdkKeyPath: boolean,
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
  if (sdkKeyPath && !request.sdkCaller) {
    if (token === serverSideKeyInUrl) {
      return new ApiError(
        'unauthorized',
        'A server-side SDK key is never accepted in a URL: send it as Authorization: Bearer <key>. (A client-side key may come as ?key= on a change stream.)',
      );
    }
    return new ApiError(
      'unauthorized',
      token
        ? 'The SDK key is invalid or revoked.'
        : 'Authentication required: send Authorization: Bearer <SDK key> (fp_srv_… or fp_cli_…), or X-API-Key: <SDK key>.',
    );
  }
  if (!sdkKeyPath && !request.principal) {
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
    app.decorateRequest('sdkKeySecret', null);
    app.decorateRequest('receivedAtMs', 0);
    app.decorate('resetRateLimits', () => (gate ?? limiter).reset());

    /**
     * Finds the caller behind the credential in the current state; returns the key it is counted by: a
     * credential's or SDK key's id (UUIDs, no two alike, none holding a colon), else the address.
     */
    const identify = (request: FastifyRequest, token: string | null, now: number, sdkKeyPath: boolean) => {
      // §21: on an SDK key's paths the credential is an SDK key, and only there.
      if (sdkKeyPath) {
        request.sdkCaller = token ? options.store.peek((view) => sdkKeys.callerFor(view, token)) : null;
        request.sdkKeySecret = request.sdkCaller ? token : null;
      } else {
        request.principal = token
          ? options.store.peek((view) => principalForToken(view, token, now, tokenHashes))
          : null;
      }
      return request.principal?.credentialId ?? request.sdkCaller?.key.id ?? `address:${request.ip}`;
    };

    // Callback hooks, not async ones (a promise and a microtask less per request); what they pass to
    // `done`, Fastify answers through the error handler as it would a rejection.
    app.addHook('onRequest', (request, reply, done) => {
      if (!isApiRequest(request)) return done();
      const sdkKeyPath = takesSdkKey(request);
      const token = sdkKeyPath ? sdkKeyOf(request) : bearerToken(request);
      const now = options.now();
      request.receivedAtMs = now;
      const callerKey = identify(request, token, now, sdkKeyPath);
      if (gate === undefined) {
        done(refusal(request, reply, limiter.hit(callerKey, now), token, sdkKeyPath));
        return;
      }
      // Counted by the caller this process knows (a token made on another process a moment ago counts
      // once by address), then identified again on the state the gate caught up to: a token revoked
      // anywhere is refused at once.
      gate.admit(callerKey, now).then((state) => {
        let refused: Error | undefined;
        try {
          identify(request, token, now, sdkKeyPath);
          refused = refusal(request, reply, state, token, sdkKeyPath);
        } catch (error) {
          refused = error as Error; // answered by the error handler, never an unhandled rejection
        }
        done(refused);
      }, done);
    });
  },
  { name: 'flagplane-authentication' },
);
