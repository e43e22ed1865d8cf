/**
 * §24's change stream through the mock. The server holds a stream open for as long as its client stays,
 * so the mock asks `inject` for the answer as a stream (light-my-request's `payloadAsStream`, which
 * resolves once the headers are written) and passes the events on as they are written. A client that
 * cancels its body (an aborted fetch, a provider that closes) destroys the server's response, so the
 * server forgets the stream exactly as it does when a socket closes.
 */
import type { Readable } from 'node:stream';

/** What `inject` answers with `payloadAsStream: true`, as far as the mock needs it. */
export interface InjectedStreamAnswer {
  stream(): Readable;
  readonly raw: { readonly res: { destroy(): void } };
}

/**
 * The injected answer's body as a web stream of bytes. `signal` is the request's: aborting it fails the
 * body with the signal's reason, as `fetch` does, and ends the server's side.
 */
export function eventStreamBody(
  answer: InjectedStreamAnswer,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const source = answer.stream();
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener(
        'abort',
        () => {
          if (open) controller.error(signal.reason);
          open = false;
          answer.raw.res.destroy();
        },
        { once: true },
      );
      source.on('data', (chunk: Buffer) => {
        if (open) controller.enqueue(new Uint8Array(chunk));
      });
      source.once('end', () => {
        if (open) controller.close();
        open = false;
      });
      // The server's side destroyed: by the abort above, by a cancel, or by the server itself.
      source.once('error', (error) => {
        if (open) controller.error(error);
        open = false;
      });
    },
    cancel() {
      open = false;
      answer.raw.res.destroy();
    },
  });
}

/** Reads an injected answer that is not an event stream (an error before the stream opened) as text. */
export async function injectedText(answer: InjectedStreamAnswer): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.stream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
