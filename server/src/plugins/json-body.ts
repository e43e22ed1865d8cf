/**
 * Bodies are JSON or nothing (§3, §15). Fastify's own parser refuses an empty body sent with a JSON
 * content type; ours reads it as "no body" so bodiless POSTs (archive, revoke) work from any client.
 * Every other content type, `text/plain` included (Fastify parses it by default), is a 415.
 */

import { limits } from '@flagplane/contract';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../domain/api-error.js';

/** §3: a request body is at most 1 MiB; one byte more is `413 payload_too_large` (the contract's limit). */
export const REQUEST_BODY_MAX_BYTES = limits.requestBodyBytes;

export const jsonBodyPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.decorateRequest('bodyText', null);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i,
      { parseAs: 'string', bodyLimit: REQUEST_BODY_MAX_BYTES },
      (request, text, done) => {
        if (typeof text !== 'string' || text.trim() === '') return done(null, undefined);
        request.bodyText = text;
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new ApiError('bad_request', 'The request body is not valid JSON.'), undefined);
        }
      },
    );
  },
  { name: 'flagplane-json-body' },
);
