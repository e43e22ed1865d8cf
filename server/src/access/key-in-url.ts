/**
 * §24: a browser's EventSource cannot send headers, so a change stream also takes a client-side SDK key
 * as `?key=`. A key must never reach a log line, an error message or `request.url`: the server takes it
 * out of the URL before routing (Fastify's `rewriteUrl`, before the request is logged) and keeps it beside
 * the raw request, where authentication finds it.
 */
import type { IncomingMessage } from 'node:http';
import { type Endpoint, endpoints, sdkKeyOperationIds } from '@flagplane/contract';

/** The paths that take a key in their query: the event streams of the endpoint table. */
const streamPaths: ReadonlySet<string> = new Set(
  sdkKeyOperationIds
    .map((operationId): Endpoint => endpoints[operationId])
    .filter((endpoint) => endpoint.eventStream)
    .map((endpoint) => endpoint.path),
);

const keysInUrls = new WeakMap<IncomingMessage, string>();

/** The URL to route and log: without `key=…` on a stream's path (everywhere else as it came). */
export function urlWithoutKey(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  if (query < 0 || !streamPaths.has(url.slice(0, query))) return url;
  const parameters = new URLSearchParams(url.slice(query + 1));
  const key = parameters.get('key');
  if (key === null) return url;
  keysInUrls.set(request, key);
  parameters.delete('key');
  const rest = parameters.toString();
  return rest ? `${url.slice(0, query)}?${rest}` : url.slice(0, query);
}

/** The key the URL of `request` carried, if any. */
export const keyFromUrl = (request: IncomingMessage): string | undefined => keysInUrls.get(request);
