/**
 * A client for bodies the server refuses: `node:http` through the given Agent (keep-alive or not),
 * writing the body in 64 KiB pieces with a turn of the event loop between them, as a body crossing a
 * network arrives, so the answer can come while the client is still sending. Unlike fetch, it reports
 * every error the request meets, also the EPIPE or ECONNRESET of a write after the answer came.
 */
import { type Agent, type IncomingHttpHeaders, request } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

export interface Upload {
  readonly port: number;
  readonly agent: Agent;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** Without Content-Length, so Node sends the body with `Transfer-Encoding: chunked`. @default false */
  readonly chunked?: boolean;
}

export interface UploadOutcome {
  /** 0 when no answer came. */
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The codes of the errors the request met (`EPIPE`, `ECONNRESET`), before or after the answer. */
  readonly errors: readonly string[];
}

const pieceBytes = 64 * 1024;

/** Sends `upload` and resolves once the request is over: answered and sent, or failed. */
export function streamUpload(upload: Upload): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const errors: string[] = [];
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    let body = '';
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: upload.port,
        method: 'POST',
        path: upload.path,
        agent: upload.agent,
        headers: upload.chunked
          ? upload.headers
          : { ...upload.headers, 'content-length': String(upload.body.length) },
      },
      (response) => {
        status = response.statusCode ?? 0;
        headers = response.headers;
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    outgoing.on('close', () => resolve({ status, headers, body, errors }));
    void (async () => {
      for (let offset = 0; offset < upload.body.length && !outgoing.destroyed; offset += pieceBytes) {
        // The write's callback, not 'drain': Node's client loses 'drain' once an answer has come while
        // the body is still being written.
        await new Promise((written) =>
          outgoing.write(upload.body.subarray(offset, offset + pieceBytes), written),
        );
        await nextTurn();
      }
      if (!outgoing.destroyed) outgoing.end();
    })();
  });
}
