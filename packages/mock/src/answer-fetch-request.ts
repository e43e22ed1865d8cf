/**
 * The one conversion between the Fetch API and the mock, for every in-process way a request reaches it:
 * `mock.fetch`, msw's handler and nock's reply all hand the mock a `Request` here and pass on the
 * `Response` it gives back (the local port hands `mock.handle` the request as it came off the socket).
 */
import type { FlagplaneMock } from './flagplane-mock.js';

/**
 * The mock's answer to `request`, or null where a network-error fault wants no answer at all (each
 * adapter fails the way its clients expect).
 */
export async function answerFetchRequest(mock: FlagplaneMock, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const answer = await mock.handle({
    method: request.method,
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text(),
    signal: request.signal,
  });
  if (answer.networkError) return null;
  const body = answer.stream ?? (answer.status === 204 || answer.body === '' ? null : answer.body);
  return new Response(body, {
    status: answer.status,
    headers: answer.headers,
  });
}
