/**
 * §23: browsers may read flags from pages on the origins listed in `FLAGPLANE_CORS_ORIGINS`, on the
 * SDK-key paths only (`/api/v1/sdk/…`, `/ofrep/v1/…`), never with credentials (the SDK key travels in a
 * header the page sets). The management API is never opened to other origins. Registered before
 * authentication, so a preflight (which carries no key) is answered before any key is asked for.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { takesSdkKey } from './authentication.js';

export interface CorsOptions {
  /** Origins as browsers send them (`https://app.example.com`). Empty: no cross-origin access. */
  readonly origins: readonly string[];
}

/** What the standard OFREP web provider sends (Content-Type is JSON, so every call is preflighted). */
const allowedHeaders = ['Authorization', 'X-API-Key', 'Content-Type', 'If-None-Match', 'Last-Event-ID'];
/** What it reads: the bulk answer's ETag, and Retry-After on a 429. */
const exposedHeaders = [
  'ETag',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Request-Id',
];

export const corsPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: CorsOptions) => {
    if (options.origins.length === 0) return;
    const allowed = new Set(options.origins);
    await app.register(fastifyCors, {
      // Per request: CORS headers only on an SDK key's path and only for a listed origin; anything else
      // gets none (a browser then refuses to hand the answer to the page).
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        const open = takesSdkKey(request) && typeof origin === 'string' && allowed.has(origin);
        callback(
          null,
          open
            ? {
                origin: true,
                credentials: false,
                methods: ['GET', 'POST'],
                allowedHeaders,
                exposedHeaders,
                maxAge: 600,
                strictPreflight: false,
              }
            : { origin: false },
        );
      },
    });
  },
  { name: 'flagplane-cors' },
);
