/** The token: read per request, taken from the environment, and never shown in an error or a log line. */
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  ConnectionError,
  createClient,
  FlagplaneError,
  type FlagplaneLogger,
  InternalServerError,
  NotFoundError,
  TimeoutError,
  UnauthorizedError,
  ValidationError,
} from '../src/index.js';
import { org, type ReferenceServer, startReferenceServer, tokens } from './support/reference-server.js';
import { type ScriptedServer, startScriptedServer } from './support/scripted-server.js';

let server: ReferenceServer;
let scripted: ScriptedServer;

beforeAll(async () => {
  server = await startReferenceServer();
  scripted = await startScriptedServer();
});
afterAll(async () => {
  await server.close();
  await scripted.close();
});
afterEach(() => vi.unstubAllEnvs());

describe('the token', () => {
  test('a token function is called before every request', async () => {
    const token = vi.fn(() => tokens.owner);
    const client = createClient({ baseUrl: server.baseUrl, token });

    await client.me.retrieve();
    await client.orgs.retrieve(org);
    await client.orgs.list();
    expect(token).toHaveBeenCalledTimes(3);
  });

  test('an async token function can rotate the token between requests', async () => {
    const issued = [tokens.owner, tokens.viewer];
    const client = createClient({ baseUrl: server.baseUrl, token: async () => issued.shift() ?? '' });

    expect((await client.me.retrieve()).name).toBe('Olive Owner');
    expect((await client.me.retrieve()).name).toBe('Vic Viewer');
  });

  test('the address and token come from FLAGPLANE_BASE_URL and FLAGPLANE_TOKEN when not given', async () => {
    vi.stubEnv('FLAGPLANE_BASE_URL', server.baseUrl);
    vi.stubEnv('FLAGPLANE_TOKEN', tokens.viewer);

    expect((await createClient().me.retrieve()).name).toBe('Vic Viewer');
  });

  test('a client without an address or a token is refused at creation', () => {
    vi.stubEnv('FLAGPLANE_BASE_URL', '');
    vi.stubEnv('FLAGPLANE_TOKEN', '');

    expect(() => createClient({ token: tokens.owner })).toThrow(/FLAGPLANE_BASE_URL/);
    expect(() => createClient({ baseUrl: server.baseUrl })).toThrow(/FLAGPLANE_TOKEN/);
    expect(() => createClient({ baseUrl: 'flags.example.com', token: tokens.owner })).toThrow(
      /http\(s\) URL/,
    );
  });
});

describe('secrets', () => {
  const secret = `fp_pat_${'leaky'.padEnd(40, 'z')}`;

  test('the token appears in no thrown error and no log line', async () => {
    const logged: unknown[] = [];
    const logger: FlagplaneLogger = {
      debug: (message, details) => logged.push(message, details),
      warn: (message, details) => logged.push(message, details),
    };
    const at = (baseUrl: string) => createClient({ baseUrl, token: secret, logger, maxRetries: 1 });
    scripted.plan(
      { status: 503, headers: { 'retry-after': '0' } },
      // A misbehaving proxy that echoes the credentials it received.
      { status: 502, bodyOf: (request) => ({ message: `bad auth ${request.headers.authorization}` }) },
      { delayMs: 1_000, status: 200 },
    );

    const errors = [
      await at(server.baseUrl)
        .me.retrieve()
        .catch((error: unknown) => error),
      await at(server.baseUrl)
        .flags.create(org, 'web', { key: '', type: 'Boolean' })
        .catch((error: unknown) => error),
      await at(scripted.baseUrl)
        .me.retrieve()
        .catch((error: unknown) => error),
      await at(scripted.baseUrl)
        .me.retrieve({ timeout: 50, maxRetries: 0 })
        .catch((error: unknown) => error),
      await at('http://127.0.0.1:1')
        .me.retrieve({ maxRetries: 0 })
        .catch((error: unknown) => error),
    ];

    expect(errors.map((error) => (error as Error).constructor)).toEqual([
      UnauthorizedError,
      ValidationError,
      InternalServerError,
      TimeoutError,
      ConnectionError,
    ]);
    expect((errors[2] as InternalServerError).message).toContain('bad auth Bearer [redacted]');
    for (const error of errors) {
      expect(inspect(error, { depth: null, showHidden: true })).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
      expect(String((error as Error).stack)).not.toContain(secret);
    }
    expect(logged.length).toBeGreaterThan(0);
    expect(inspect(logged, { depth: null })).not.toContain(secret);
  });

  test('the client object does not show its token when logged', () => {
    const client = createClient({ baseUrl: server.baseUrl, token: secret });
    expect(inspect(client, { depth: null, showHidden: true })).not.toContain(secret);
  });

  test('a token that cannot be sent in a header is refused without quoting it', async () => {
    const client = createClient({ baseUrl: server.baseUrl, token: `${secret}\n` });

    const error = await client.me.retrieve().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FlagplaneError);
    expect((error as Error).message).toMatch(/cannot be sent in a header/);
    expect(inspect(error, { depth: null })).not.toContain(secret);
  });

  test('a wrong token is a 401 whose message is still useful', async () => {
    const client = createClient({ baseUrl: server.baseUrl, token: secret });

    const error = (await client.projects.list(org).catch((caught: unknown) => caught)) as UnauthorizedError;
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.message).toMatch(/^401 unauthorized: .+ \(request [\w-]+\)$/);
    expect(error).not.toBeInstanceOf(NotFoundError);
  });
});
