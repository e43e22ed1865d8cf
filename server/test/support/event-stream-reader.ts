/**
 * Reads a change stream (§24) over a real connection as raw text, parsed by eventsource-parser: every
 * event and comment as it arrives, the answer's status and headers, and when the server ended it.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface StreamReader {
  readonly status: number;
  readonly headers: Headers;
  readonly events: EventSourceMessage[];
  readonly comments: string[];
  /** The `retry` the server suggested. */
  readonly retry: number | undefined;
  /** Resolves when the server ends the answer (or the connection is lost). */
  readonly ended: Promise<void>;
  /** Resolves with the next event not yet taken by this method, or rejects after `timeoutMs`. */
  nextEvent(timeoutMs?: number): Promise<EventSourceMessage>;
  /** The body of an answer that is not a stream (an error). */
  readonly text: string;
  close(): void;
}

export async function readStream(url: string, headers: Record<string, string> = {}): Promise<StreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const waiters: (() => void)[] = [];
  let retry: number | undefined;
  let text = '';
  let taken = 0;
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      for (const waiter of waiters.splice(0)) waiter();
    },
    onComment: (comment) => comments.push(comment),
    onRetry: (value) => {
      retry = value;
    },
  });
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        const part = decoder.decode(chunk, { stream: true });
        text += part;
        parser.feed(part);
      }
    } catch {
      // aborted by close(), or the connection was lost: either way, ended
    }
  })();
  const reader: StreamReader = {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    get retry() {
      return retry;
    },
    ended,
    get text() {
      return text;
    },
    nextEvent(timeoutMs = 2_000) {
      const index = taken++;
      if (events.length > index) return Promise.resolve(events[index] as EventSourceMessage);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (events.length > index) {
            clearTimeout(timer);
            resolve(events[index] as EventSourceMessage);
          } else waiters.push(check);
        };
        waiters.push(check);
      });
    },
    close: () => abort.abort(),
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) await ended;
  return reader;
}
