/**
 * Bodies are JSON or nothing (§3, §15). Fastify's own parser refuses an empty body sent with a JSON
 * content type; ours reads it as "no body" so bodiless POSTs (archive, revoke) work from any client.
 * Every other content type, `text/plain` included (Fastify parses it by default), is a 415.
 */
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../domain/api-error.js';

export const jsonBodyPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i,
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_request, text, done) => {
        if (typeof text !== 'string' || text.trim() === '') return done(null, undefined);
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
