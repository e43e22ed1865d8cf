/** msw request handlers that hand every request for the mock's address to the mock. */
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { FlagplaneMock } from './flagplane-mock.js';

export function mswHandlersFor(mock: FlagplaneMock): HttpHandler[] {
  return [
    http.all(`${mock.baseUrl}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
      const response = await mock.handle({
        method: request.method,
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        body,
      });
      if (response.networkError) return HttpResponse.error();
      return new HttpResponse(response.status === 204 || response.body === '' ? null : response.body, {
        status: response.status,
        headers: response.headers,
      });
    }),
  ];
}
