/**
 * The read baseline: a bare Fastify app answering GET on the given URL with an object parsed from a file
 * (the payload captured from the real server), serialized by Fastify as usual. No auth, no store.
 *
 *   node bare-fastify.mjs --payload FILE --url /api/v1/... [--method POST] [--etag '"…"'] [--headers FILE]
 *                         [--port 0]
 *
 * With `--etag`, it also sends that ETag and answers a request whose If-None-Match holds it with a bare
 * 304, as a conditional request does at its cheapest. With `--method POST`, Fastify parses the request's
 * JSON body (like every POST route) and answers the same payload whatever it holds. With `--headers`,
 * every answer also carries the headers of that JSON object, as they are (lib/answer-headers.mjs).
 */
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { announceReady, cliOptions, exitOnSignal } from './child-protocol.mjs';

const options = cliOptions();
const payload = JSON.parse(await readFile(options.payload, 'utf8'));
const app = Fastify({ logger: false });
const etag = options.etag;
const headers = options.headers ? JSON.parse(await readFile(options.headers, 'utf8')) : null;
app.route({
  method: options.method ?? 'GET',
  url: options.url,
  handler: async (request, reply) => {
    if (headers !== null) reply.headers(headers);
    if (etag === undefined) return payload;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return payload;
  },
});
exitOnSignal(() => app.close());
await app.listen({ port: Number(options.port ?? 0), host: '127.0.0.1' });
announceReady(app.server.address().port);
