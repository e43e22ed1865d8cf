/**
 * A stream of Server-Sent Events the server keeps open (§24's change stream): opened with the client's
 * token, its headers, its fetch, a time limit on the answer's headers (not on the stream) and the caller's
 * AbortSignal; an error answer is the same typed error as any call's. The events are parsed by
 * eventsource-parser and, like any answer, checked against the contract when the client validates
 * answers. A stream is not retried or reopened here: whoever reads it decides when to come back, with
 * `lastEventId` so the server tells at once what was missed.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ResolvedClientOptions } from './client-options.js';
import { errorForStatus } from './error-for-status.js';
import { ConnectionError, TimeoutError } from './errors.js';
import { redactSecret } from './redact-secret.js';
import type { RequestOptions } from './request-options.js';
import { resolveToken } from './token-source.js';
import { throwIfAborted, userAbortError } from './user-abort.js';

/** Options of a call that opens a stream. */
export interface EventStreamOptions extends RequestOptions {
  /** The id of the last event seen (sent as `Last-Event-ID`): the server tells at once what came after. */
  readonly lastEventId?: string | undefined;
}

/** One event: its id (`id:`), and its data parsed as JSON. */
export interface StreamEvent<T> {
  readonly id: string | undefined;
  readonly data: T;
}

/** An open stream. Iterate it for the events; it ends when the server ends it; `close()` ends it here. */
export class EventStream<T> implements AsyncIterable<StreamEvent<T>> {
  readonly status: number;
  readonly headers: Headers;
  readonly requestId: string | null;
  readonly #body: ReadableStream<Uint8Array>;
  readonly #abort: AbortController;
  readonly #parse: (data: string) => T;
  readonly #label: string;
  #lastReceivedAt = Date.now();

  constructor(response: Response, abort: AbortController, parse: (data: string) => T, label: string) {
    this.status = response.status;
    this.headers = response.headers;
    this.requestId = response.headers.get('x-request-id');
    this.#body = response.body ?? new ReadableStream({ start: (controller) => controller.close() });
    this.#abort = abort;
    this.#parse = parse;
    this.#label = label;
  }

  /**
   * When the last bytes arrived (events and the server's keep-alive comments alike, ms since the epoch): a
   * reader that hears nothing for much longer than the server's beat may take the connection for dead.
   */
  get lastReceivedAt(): number {
    return this.#lastReceivedAt;
  }

  /** Ends the stream from this side (the iteration then ends without an error). */
  close(): void {
    this.#abort.abort();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<StreamEvent<T>> {
    const pending: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => pending.push(event) });
    const decoder = new TextDecoder();
    const reader = this.#body.getReader();
    try {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (this.#abort.signal.aborted) return;
          throw new ConnectionError(`${this.#label}: the connection was lost`, { cause: error });
        }
        if (chunk.done) return;
        this.#lastReceivedAt = Date.now();
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        while (pending.length > 0) {
          const event = pending.shift() as EventSourceMessage;
          yield { id: event.id, data: this.#parse(event.data) };
        }
      }
    } finally {
      reader.releaseLock();
      this.#abort.abort();
    }
  }
}

export interface EventStreamRequest {
  readonly path: string;
  readonly searchParams?: URLSearchParams | undefined;
  /** `GET /api/v1/sdk/stream`, for messages. */
  readonly label: string;
}

/** Opens the stream; rejects with the typed error of an error answer, or a connection or time-out error. */
export async function openEventStream<T>(
  options: ResolvedClientOptions,
  request: EventStreamRequest,
  call: EventStreamOptions,
  parse: (data: string) => T,
): Promise<EventStream<T>> {
  throwIfAborted(call.signal);
  const token = await resolveToken(options.token);
  const abort = new AbortController();
  const onCallerAbort = () => abort.abort(call.signal?.reason);
  call.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timeoutMs = call.timeout ?? options.timeoutMs;
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          abort.abort();
        }, timeoutMs)
      : undefined;
  const query = request.searchParams && request.searchParams.size > 0 ? `?${request.searchParams}` : '';
  let response: Response;
  try {
    response = await options.fetch(`${options.baseUrl}${request.path}${query}`, {
      headers: {
        ...options.headers,
        ...call.headers,
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
        ...(call.lastEventId ? { 'last-event-id': call.lastEventId } : {}),
      },
      signal: abort.signal,
    });
  } catch (error) {
    if (call.signal?.aborted) throw userAbortError(call.signal);
    if (timedOut) throw new TimeoutError(`${request.label} got no answer within ${timeoutMs} ms.`, timeoutMs);
    throw new ConnectionError(
      `${request.label} could not reach ${options.baseUrl}: ${redactSecret(error instanceof Error ? error.message : String(error), token)}`,
      { cause: error },
    );
  } finally {
    // The time limit covers the answer's headers only: a stream is meant to stay open.
    clearTimeout(timer);
  }
  if (response.status >= 400) {
    const text = redactSecret(await response.text(), token);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    throw errorForStatus({
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body,
      requestId: response.headers.get('x-request-id'),
    });
  }
  return new EventStream(response, abort, parse, request.label);
}
