/**
 * An answer sent before the request body was read (413 over 1 MiB, 415, 401, 429, 404) finds the client
 * still sending that body. Closing the connection then, as Fastify asks after a body it refused, resets
 * it under the client: it gets EPIPE or ECONNRESET instead of the answer, and may retry a request that
 * can never succeed. So the server reads the rest of the body and throws it away, within bounds:
 * - on a keep-alive connection, the answer goes out at once and the connection stays open for the
 *   client's next request once the body is in;
 * - when the client asked to close, the answer goes out once the body is in (Node closes right after it);
 * - a body declared larger than the bound is answered at once and the connection closed, and one that
 *   passes a bound while being read is cut off: reading it all would let anyone make the server read
 *   without end.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/**
 * The most the server reads of a body it refused: 64 times the 1 MiB limit, so a body a client got wrong
 * by any plausible margin is still answered cleanly, for well under a second of reading on a local link.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** How long the server keeps reading a refused body: a client still sending after this is holding a connection. */
export const DRAIN_MAX_MILLISECONDS = 10_000;

export const unreadBodyDrainPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      const incoming = request.raw;
      // A request without a body has nothing to drain, though an answer sent in the tick its headers
      // arrived finds it not `complete` yet. `inject` requests have no connection to keep (and leave
      // `complete` unset).
      if (
        incoming.complete ||
        !hasBody(request.headers) ||
        !(incoming.socket instanceof Socket) ||
        incoming.socket.destroyed
      )
        return done(null, payload);
      // Number.NaN when the body is chunked: its size is unknown until it has been read.
      const declaredBytes = Number(request.headers['content-length']);
      if (declaredBytes > DRAIN_MAX_BYTES) {
        reply.header('connection', 'close');
        return done(null, payload);
      }
      const drained = drainBody(incoming);
      // Fastify asks to close after a body it refused to parse; once the rest is read, the connection is
      // as good as new, so it stays open unless the client asked otherwise.
      const keepAlive = reply.raw.shouldKeepAlive;
      reply.header('connection', keepAlive ? 'keep-alive' : 'close');
      if (keepAlive) {
        void drained.then((withinBounds) => {
          if (!withinBounds) incoming.socket.destroy();
        });
        return done(null, payload);
      }
      // Node closes the socket as soon as this answer is sent, so the body must be in before it goes
      // out; past the bounds, it goes out all the same.
      void drained.then(() => done(null, payload));
    });
  },
  { name: 'flagplane-unread-body-drain' },
);

/** Whether the request comes with a body (RFC 9112 §6.3: a Content-Length above 0, or Transfer-Encoding). */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads and discards the rest of `incoming`. Resolves true once it has ended (or the client has gone),
 * false once the bounds are passed, when it stops counting and leaves the connection to the caller.
 */
function drainBody(incoming: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let drainedBytes = 0;
    const finish = (withinBounds: boolean) => {
      clearTimeout(timer);
      incoming.off('data', countChunk);
      incoming.off('end', ended);
      incoming.off('close', ended);
      resolve(withinBounds);
    };
    const ended = () => finish(true);
    const countChunk = (chunk: Buffer) => {
      drainedBytes += chunk.length;
      if (drainedBytes > DRAIN_MAX_BYTES) finish(false);
    };
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MILLISECONDS);
    incoming.on('data', countChunk);
    incoming.once('end', ended);
    incoming.once('close', ended);
    incoming.resume();
  });
}
