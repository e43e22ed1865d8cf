/**
 * §15 on a real port, over raw sockets (fetch refuses methods such as TRACE and CONNECT): every method a
 * path of the endpoint table does not have is `405 method_not_allowed` with `Allow` listing the path's
 * methods; an unknown path stays `404`. "Every method" is three kinds, as the server receives them:
 * - the methods Fastify routes (GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS, TRACE, QUERY);
 * - the rest of Node's `http.METHODS` (PROPFIND, M-SEARCH, …), which Fastify sends to its 404;
 * - what Node's parser refuses before Fastify (a method it does not know: `FOO`, `get`) and CONNECT
 *   (an event of its own), which the server answers on the socket (unparsed-methods.ts).
 */
import { METHODS } from 'node:http';
import { connect } from 'node:net';
import { type Endpoint, ErrorBody, endpoints, OfrepErrorBody } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokens } from './fixtures.js';

interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

let server: TestServer;
let port = 0;
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { max: 1_000_000, windowSeconds: 60 } });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => server.close());

/** One request on its own connection (`Connection: close`), read until the server closes it. */
function exchange(
  method: string,
  path: string,
  { token = tokens.owner as string | null, headers = {} as Record<string, string>, body = '' } = {},
): Promise<Answer> {
  const head = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine = '', ...lines] = received.slice(0, received.indexOf('\r\n\r\n')).split('\r\n');
      const entries = lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]);
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers: Object.fromEntries(entries),
        body: received.slice(received.indexOf('\r\n\r\n') + 4),
      });
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}

/** A concrete path for a template: any value serves, a 405 does not look anything up. */
const concrete = (template: string) =>
  template.replace(/\{(sdkKey|ruleId)\}/g, '0b7c6f1e-3c1a-4e8e-9a51-2f4d6b8c9e10').replace(/\{[^}]+\}/g, 'x');

/** The table's methods at each path, as `Allow` must list them. */
const allowByPath = new Map<string, string[]>();
for (const endpoint of Object.values(endpoints) as Endpoint[]) {
  allowByPath.set(endpoint.path, [...(allowByPath.get(endpoint.path) ?? []), endpoint.method]);
}

function expect405(answer: Answer, method: string, path: string, allow: readonly string[]): void {
  expect(answer.status, `${method} ${path}: ${answer.body}`).toBe(405);
  expect(answer.headers.allow?.split(', ').sort()).toEqual([...allow].sort());
  expect(answer.headers['x-request-id']).toBeTruthy();
  if (method === 'HEAD') {
    expect(answer.body).toBe('');
    return;
  }
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const message = `${method} is not allowed on ${path}.`;
  if (path.startsWith('/ofrep/')) {
    expect(OfrepErrorBody.parse(JSON.parse(answer.body))).toEqual({ errorDetails: message });
  } else {
    expect(ErrorBody.parse(JSON.parse(answer.body))).toMatchObject({ error: 'method_not_allowed', message });
  }
}

/** What each kind of method reaches: Fastify's own, the rest of Node's, and what Node's parser refuses. */
const fastifyMethods = ['PATCH', 'TRACE', 'QUERY', 'OPTIONS', 'DELETE', 'POST', 'PUT', 'GET', 'HEAD'];
const nodeOnlyMethods = METHODS.filter((method) => !fastifyMethods.includes(method) && method !== 'CONNECT');
const unparsedMethods = ['FOO', 'get', 'BREW-COFFEE', 'CONNECT'];

describe('405 with Allow for every method a known path does not have (§15)', () => {
  it.each([...allowByPath])('%s', async (template, allow) => {
    const path = concrete(template);
    const methods = [...fastifyMethods, ...nodeOnlyMethods, ...unparsedMethods].filter(
      (method) => !allow.includes(method) && !(method === 'HEAD' && allow.includes('GET')),
    );
    // An SDK key's paths take an SDK key; a 405 there still comes after authentication.
    const token = template.startsWith('/api/v1/sdk/') || template.startsWith('/ofrep/') ? null : tokens.owner;
    for (const method of methods) {
      const answer = await exchange(method, path, { token: unparsedMethods.includes(method) ? null : token });
      if (token === null && !unparsedMethods.includes(method)) expect(answer.status).toBe(401);
      else expect405(answer, method, path, allow);
    }
  });

  it('answers HEAD itself where there is a GET, and 405 where there is none', async () => {
    expect((await exchange('HEAD', '/api/v1/orgs')).status).toBe(200);
    const archive = '/api/v1/orgs/acme/projects/web/flags/x/archive';
    expect405(await exchange('HEAD', archive), 'HEAD', archive, ['POST']);
  });

  it('keeps literal segments literal: …/rules/reorder is the reorder route, whatever the method', async () => {
    const reorder = '/api/v1/orgs/acme/projects/web/flags/x/environments/production/rules/reorder';
    for (const method of ['DELETE', 'PROPFIND', 'FOO']) {
      expect405(await exchange(method, reorder), method, reorder, ['PUT']);
    }
  });

  it('refuses before reading a body: never a 400 or 415 about a body it did not want', async () => {
    const orgs = '/api/v1/orgs';
    const text = { headers: { 'Content-Type': 'text/plain' }, body: 'not json' };
    expect405(await exchange('POST', orgs, text), 'POST', orgs, ['GET']);
    expect405(
      await exchange('PATCH', orgs, { headers: { 'Content-Type': 'application/json' }, body: '{' }),
      'PATCH',
      orgs,
      ['GET'],
    );
    expect405(await exchange('QUERY', orgs), 'QUERY', orgs, ['GET']);
    expect405(await exchange('PROPFIND', orgs, text), 'PROPFIND', orgs, ['GET']);
    expect405(await exchange('FOO', orgs, text), 'FOO', orgs, ['GET']);
  });

  it('authenticates first where Fastify routes the method; a method Node refuses is answered without', async () => {
    expect((await exchange('PROPFIND', '/api/v1/orgs', { token: null })).status).toBe(401);
    expect((await exchange('TRACE', '/api/v1/orgs', { token: null })).status).toBe(401);
    expect405(await exchange('FOO', '/api/v1/orgs', { token: null }), 'FOO', '/api/v1/orgs', ['GET']);
  });

  it('names the path without its query', async () => {
    const answer = await exchange('TRACE', '/api/v1/orgs?limit=5');
    expect405(answer, 'TRACE', '/api/v1/orgs', ['GET']);
  });
});

describe('an unknown path stays 404 not_found, whatever the method', () => {
  it.each(['GET', 'TRACE', 'PROPFIND', 'QUERY', 'FOO', 'CONNECT'])('%s', async (method) => {
    for (const path of ['/api/v1/orgs/acme/widgets', '/api/v1', '/nowhere']) {
      const answer = await exchange(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers.allow).toBeUndefined();
      expect(ErrorBody.parse(JSON.parse(answer.body))).toMatchObject({
        error: 'not_found',
        message: `No route ${method} ${path}.`,
      });
    }
  });

  it('CONNECT to an authority (as a proxy is asked) is no route either', async () => {
    const answer = await exchange('CONNECT', 'example.com:443');
    expect(answer.status).toBe(404);
    expect(ErrorBody.parse(JSON.parse(answer.body)).error).toBe('not_found');
  });
});

describe('a request line that is not HTTP', () => {
  it('(a method with a character no method may have) still gets the 400 of Node and Fastify', async () => {
    const answer = await exchange('GE(T', '/api/v1/orgs');
    expect(answer.status).toBe(400);
    expect(answer.headers.allow).toBeUndefined();
  });
});
