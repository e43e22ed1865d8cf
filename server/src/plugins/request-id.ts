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
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'flagplane-request-id' },
);
