/** A client made before msw starts still goes through msw: the global fetch is looked up per request. */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, expect, test } from 'vitest';
import { createClient, NotFoundError } from '../src/index.js';
import { errorBody, fakeBaseUrl, fakeToken, meBody } from './support/wire-fixtures.js';

const client = createClient({ baseUrl: fakeBaseUrl, token: fakeToken });
const server = setupServer(
  http.get(`${fakeBaseUrl}/api/v1/me`, ({ request }) =>
    request.headers.get('authorization') === `Bearer ${fakeToken}`
      ? HttpResponse.json(meBody)
      : HttpResponse.json(errorBody('unauthorized', 'No token.'), { status: 401 }),
  ),
  http.get(`${fakeBaseUrl}/api/v1/orgs/:org`, ({ params }) =>
    HttpResponse.json(errorBody('not_found', `Organization "${params.org}" was not found.`), { status: 404 }),
  ),
);
server.listen({ onUnhandledFrame: 'error' });
afterAll(() => server.close());

test('msw handlers answer a client created before them', async () => {
  await expect(client.me.retrieve()).resolves.toEqual(meBody);
  await expect(client.orgs.retrieve('nowhere')).rejects.toBeInstanceOf(NotFoundError);
});
