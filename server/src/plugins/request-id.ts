/** Every response carries `X-Request-Id` (§15): the caller's own when it is sane, else a new UUID. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

const acceptableRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && acceptableRequestId.test(header) ? header : randomUUID();
}

export const requestIdPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: a promise and a microtask less on every answer.
    app.addHook('onSend', (request, reply, _payload, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'flagplane-request-id' },
);
