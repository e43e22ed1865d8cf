/** msw request handlers that hand every request for the mock's address to the mock. */
import { type HttpHandler, HttpResponse, http } from 'msw';
import { answerFetchRequest } from './answer-fetch-request.js';
import type { FlagplaneMock } from './flagplane-mock.js';

export function mswHandlersFor(mock: FlagplaneMock): HttpHandler[] {
  return [
    http.all(
      `${mock.baseUrl}/*`,
      async ({ request }) => (await answerFetchRequest(mock, request)) ?? HttpResponse.error(),
    ),
  ];
}
