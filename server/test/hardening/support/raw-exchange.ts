/**
 * One request over a raw connection, sent as many clients send: the whole body first (in 64 KiB pieces,
 * a turn of the event loop between them, as a body crossing a network arrives), and only then the
 * answer read. Such a client meets a server that closes while it is still sending as an EPIPE or
 * ECONNRESET, not as the answer the server wrote before closing.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RawConnection } from './raw-socket.js';

export interface RawRequest {
  /** The request line and headers, ending with the blank line. */
  readonly head: string;
  readonly body: Buffer;
  /** Frame the body as `Transfer-Encoding: chunked` (the head must say so). @default false */
  readonly chunked?: boolean;
}

export interface RawAnswer {
  /** 0 when no whole answer came. */
  readonly status: number;
  readonly body: string;
  /** The socket errors met while sending or waiting (`EPIPE`, `ECONNRESET`). */
  readonly errors: readonly string[];
}

const pieceBytes = 64 * 1024;

export async function sendWholeBodyThenRead(
  connection: RawConnection,
  request: RawRequest,
  timeoutMs = 5_000,
): Promise<RawAnswer> {
  const errors: string[] = [];
  const recordError = (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message);
  connection.socket.on('error', recordError);
  const answerStart = connection.received().length;
  try {
    await connection.write(request.head);
    for (let offset = 0; offset < request.body.length; offset += pieceBytes) {
      const piece = request.body.subarray(offset, offset + pieceBytes);
      await connection.write(
        request.chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece,
      );
      await nextTurn();
    }
    if (request.chunked) await connection.write('0\r\n\r\n');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = wholeAnswer(connection.received().slice(answerStart));
      if (answer) return { ...answer, errors };
      if (connection.socket.destroyed || Date.now() > deadline) return { status: 0, body: '', errors };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    connection.socket.off('error', recordError);
  }
}

/** The first answer in `text` once all of it (by its Content-Length) has arrived. */
function wholeAnswer(text: string): { status: number; body: string } | null {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = text.slice(0, headEnd);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  const bodyStart = headEnd + 4;
  if (text.length < bodyStart + length) return null;
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
    body: text.slice(bodyStart, bodyStart + length),
  };
}
