/** A hand-driven TCP client, for what fetch will not do: lie about lengths, dribble bytes, stay silent. */
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  readonly socket: Socket;
  /** Everything the server has sent so far. */
  received(): string;
  /** Resolves with the milliseconds from connecting until the server closed the connection. */
  readonly closed: Promise<number>;
  /** Writes, ignoring errors once the server has gone (EPIPE, ECONNRESET). */
  write(data: string | Buffer): Promise<void>;
}

export interface RawOptions {
  /**
   * Keep sending after the server has closed its side (`allowHalfOpen`), as a client busy writing a
   * body does before it looks at what came back. @default false
   */
  readonly sendAfterServerEnd?: boolean;
}

export async function openRaw(port: number, options: RawOptions = {}): Promise<RawConnection> {
  const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: options.sendAfterServerEnd ?? false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const opened = performance.now();
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  socket.on('error', () => {}); // a reset by the server is an outcome, read through `closed`
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(performance.now() - opened)),
  );
  return {
    socket,
    received: () => text,
    closed,
    write: (data) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed || !socket.writable) return resolve();
        socket.write(data, () => resolve());
      }),
  };
}

/** Resolves once `condition()` holds, or rejects after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
