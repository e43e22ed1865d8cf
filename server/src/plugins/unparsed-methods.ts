/**
 * Requests that reach no route because Node's HTTP parser hands them to none: a method it does not know
 * (`FOO`, or `get`: methods are case-sensitive) fails parsing (`HPE_INVALID_METHOD`) before Fastify sees
 * it, and CONNECT is an event of its own. They get the API's answer all the same (§15): `405` with `Allow`
 * on a known path, `404` on any other, written on the socket, which then closes (the parser cannot read
 * past a request it refused). No authentication runs: the answer says no more than the endpoint table,
 * which is public.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { knownPathOf, methodNotAllowed } from '../routes/method-not-allowed.js';
import { errorAnswer, noRoute } from './error-handler.js';

/** An HTTP/1 request line: a method token (RFC 9110 `tchar`s), a target, the version. */
const requestLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?\n/;

export function answerUnparsedMethods(app: FastifyInstance, baseUrl: string): void {
  // First, so Fastify's own handler finds the socket answered and closed, and leaves it.
  app.server.prependListener('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code !== 'HPE_INVALID_METHOD' || socket.destroyed || !socket.writable) return;
    const rawPacket = (error as { rawPacket?: Buffer }).rawPacket;
    const line = requestLine.exec(rawPacket?.toString('latin1') ?? '');
    // Without a readable request line (bytes that are not HTTP), Fastify's handler answers its 400.
    if (line) answer(socket, line[1] ?? '', line[2] ?? '', baseUrl);
  });
  app.server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    if (socket.writable) answer(socket, 'CONNECT', request.url ?? '', baseUrl);
    else socket.destroy();
  });
}

function answer(socket: Duplex, method: string, target: string, baseUrl: string): void {
  const path = target.split('?')[0] ?? '';
  const known = knownPathOf(path);
  const error = known ? methodNotAllowed(method, path, known.allow) : noRoute(method, path);
  // OFREP's paths answer in OFREP's shape (§23), as error-handler.ts does for the routes.
  const format = path.startsWith('/ofrep/') ? 'ofrep' : 'api';
  const { status, body } = errorAnswer(error, { format }, baseUrl);
  const text = JSON.stringify(body);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...Object.entries(error.details.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(text)}`,
    `x-request-id: ${randomUUID()}`,
    'connection: close',
  ];
  // Written, then closed, as Node and Fastify answer any request their parser refuses.
  socket.write(`${head.join('\r\n')}\r\n\r\n${text}`);
  socket.destroy();
}
