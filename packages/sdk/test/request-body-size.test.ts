/**
 * A request body over the server's 1 MiB (§3), measured in UTF-8 bytes of its JSON, is a
 * PayloadTooLargeError before anything is sent, and never retried; exactly 1 MiB goes out and the real
 * server accepts it.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  createClient,
  type FetchFunction,
  type FlagCreateParams,
  FlagplaneError,
  maxRequestBodyBytes,
  PayloadTooLargeError,
} from '../src/index.js';
import { org, type ReferenceServer, startReferenceServer, tokens } from './support/reference-server.js';
import { type ScriptedServer, startScriptedServer } from './support/scripted-server.js';

const MiB = 1024 * 1024;
let server: ReferenceServer;
let scripted: ScriptedServer;

beforeAll(async () => {
  [server, scripted] = await Promise.all([startReferenceServer(), startScriptedServer()]);
  await createClient({ baseUrl: server.baseUrl, token: tokens.owner }).projects.create(org, { key: 'web' });
});
afterAll(() => Promise.all([server.close(), scripted.close()]));

/** A client whose requests are recorded (the byte length of each body) before they go out. */
function recordingClient(options: { maxRetries?: number } = {}) {
  const sentBodyBytes: number[] = [];
  const fetch = vi.fn<FetchFunction>(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sentBodyBytes.push((await request.clone().arrayBuffer()).byteLength);
    return globalThis.fetch(request);
  });
  const client = createClient({ baseUrl: server.baseUrl, token: tokens.owner, fetch, ...options });
  return { client, fetch, sentBodyBytes };
}

/**
 * A createFlag body whose JSON is exactly `bytes` UTF-8 bytes, padded (an unknown property, which the
 * server ignores) with two-byte characters, so its UTF-16 length is about half its size in bytes.
 */
function flagBodyOfBytes(key: string, bytes: number): FlagCreateParams {
  const room = bytes - Buffer.byteLength(JSON.stringify({ key, type: 'Boolean', padding: '' }));
  const padding = 'é'.repeat(Math.floor(room / 2)) + 'x'.repeat(room % 2);
  const body = { key, type: 'Boolean', padding } as FlagCreateParams;
  expect(Buffer.byteLength(JSON.stringify(body))).toBe(bytes);
  expect(JSON.stringify(body).length).toBeLessThan(MiB);
  return body;
}

describe('request bodies over 1 MiB', () => {
  test('the limit is 1 MiB, 1,048,576 bytes', () => {
    expect(maxRequestBodyBytes).toBe(1_048_576);
  });

  test('a body of exactly 1 MiB is sent, and the server accepts it', async () => {
    const { client, sentBodyBytes } = recordingClient();

    const flag = await client.flags.create(org, 'web', flagBodyOfBytes('exactly-one-mib', MiB));
    expect(flag.key).toBe('exactly-one-mib');
    expect(sentBodyBytes).toEqual([MiB]);
  });

  test('one byte more is a PayloadTooLargeError naming both sizes, and nothing is sent or retried', async () => {
    const { client, fetch } = recordingClient({ maxRetries: 5 });
    const receivedBefore = server.requestsReceived();
    const body = flagBodyOfBytes('one-mib-and-one', MiB + 1);

    const error = (await client.flags
      .create(org, 'web', body)
      .catch((caught: unknown) => caught)) as PayloadTooLargeError;
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(FlagplaneError);
    expect(error.name).toBe('PayloadTooLargeError');
    expect(error.status).toBe(413);
    expect(error.error).toBe('payload_too_large');
    expect(error.detectedBeforeSending).toBe(true);
    expect(error.bodyBytes).toBe(MiB + 1);
    expect(error.maxBodyBytes).toBe(MiB);
    expect(error.requestId).toBeNull();
    expect(error.docsUrl).toBe(`${server.baseUrl}/docs/errors#payload_too_large`);
    expect(error.message).toBe(
      '413 payload_too_large: The request body is 1,048,577 bytes of JSON (UTF-8); the server accepts at ' +
        'most 1,048,576 bytes (1 MiB). (found before sending; no request was made)',
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(server.requestsReceived()).toBe(receivedBefore);

    // The server, sent the same body directly, refuses it too: the SDK refuses exactly what it would.
    const direct = await globalThis.fetch(`${server.baseUrl}/api/v1/orgs/${org}/projects/web/flags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(direct.status).toBe(413);
    expect(((await direct.json()) as { error: string }).error).toBe('payload_too_large');
  });

  test('a 413 from the server is a PayloadTooLargeError too, and not retried even when safe to repeat', async () => {
    scripted.plan(
      {
        status: 413,
        body: { error: 'payload_too_large', message: 'The request body is larger than 1 MiB.' },
        headers: { 'x-request-id': 'req-413' },
      },
      { status: 204 },
    );
    const client = createClient({ baseUrl: scripted.baseUrl, token: tokens.owner, maxRetries: 2 });

    const error = (await client.flags
      .update(org, 'web', 'new-checkout', { name: 'Checkout' })
      .catch((caught: unknown) => caught)) as PayloadTooLargeError;
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error.detectedBeforeSending).toBe(false);
    expect(error.bodyBytes).toBeNull();
    expect(error.requestId).toBe('req-413');
    expect(scripted.requests).toEqual([`PUT /api/v1/orgs/${org}/projects/web/flags/new-checkout`]);
  });
});
