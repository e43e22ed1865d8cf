/** Answers the reference server never gives but a proxy or a broken server might, from nock. */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, createClient, InternalServerError, ResponseValidationError } from '../src/index.js';
import { errorBody, fakeBaseUrl, fakeToken, flagBody, flagPath } from './support/wire-fixtures.js';

const client = (options: Parameters<typeof createClient>[0] = {}) =>
  createClient({ baseUrl: fakeBaseUrl, token: fakeToken, maxRetries: 0, ...options });
const caught = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('responses that do not match the contract', () => {
  test('a success body of the wrong shape is a ResponseValidationError naming the path', async () => {
    nock(fakeBaseUrl)
      .get(`${flagPath}/new-checkout`)
      .reply(200, { ...flagBody, id: 'not-a-uuid', staleness: 'Fresh' }, { 'x-request-id': 'req-7' });

    const error = (await caught(
      client().flags.retrieve('acme', 'web', 'new-checkout'),
    )) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.path).toBe('id');
    expect(Object.keys(error.issues)).toEqual(['id', 'staleness']);
    expect(error.requestId).toBe('req-7');
    expect(error.message).toBe(
      'The 200 answer of GET /api/v1/orgs/{org}/projects/{project}/flags/{flag} does not match the contract: ' +
        'id: must be a UUID (and 1 more). (request req-7)',
    );
  });

  test('a page item of the wrong shape names its index', async () => {
    nock(fakeBaseUrl)
      .get(flagPath)
      .reply(200, {
        items: [{ key: 'x' }],
        next_cursor: null,
        _actions: { create: { allowed: true, reason: null } },
      });

    const error = (await caught(client().flags.list('acme', 'web'))) as ResponseValidationError;
    expect(error.path).toMatch(/^items\.0\./);
  });

  test('with validateResponses off, the body is returned as received', async () => {
    const odd = { ...flagBody, extra: 'kept' };
    nock(fakeBaseUrl).get(`${flagPath}/new-checkout`).reply(200, odd);

    await expect(
      client({ validateResponses: false }).flags.retrieve('acme', 'web', 'new-checkout'),
    ).resolves.toEqual(odd);
  });
});

describe('error statuses without a class of their own', () => {
  test.for([
    [405, 'method_not_allowed'],
    [415, 'unsupported_media_type'],
  ] as const)('%i is a plain ApiError carrying its code', async ([status, code]) => {
    nock(fakeBaseUrl).get('/api/v1/me').reply(status, errorBody(code, 'Nope.'));

    const error = (await caught(client().me.retrieve())) as ApiError;
    expect(error.constructor).toBe(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(`${status} ${code}: Nope.`);
  });

  test('a 5xx with an HTML body is an InternalServerError with the text as its message', async () => {
    nock(fakeBaseUrl)
      .get('/api/v1/me')
      .reply(504, '<html>Gateway Timeout</html>', { 'content-type': 'text/html' });

    const error = (await caught(client().me.retrieve())) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.error).toBe('unknown');
    expect(error.body).toBe('<html>Gateway Timeout</html>');
    expect(error.message).toBe('504 unknown: <html>Gateway Timeout</html>');
  });
});
