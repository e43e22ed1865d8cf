/** Bodies are checked with the contract before sending, and sent exactly as the caller gave them. */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  createClient,
  type FetchFunction,
  type FlagCreateParams,
  FlagplaneError,
  ValidationError,
} from '../src/index.js';
import { org, type ReferenceServer, startReferenceServer, tokens } from './support/reference-server.js';

let server: ReferenceServer;

/** A client whose requests are recorded (method, path and body text) before they go out. */
function recordingClient() {
  const sent: { method: string; path: string; body: string }[] = [];
  const fetch = vi.fn<FetchFunction>(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: await request.clone().text(),
    });
    return globalThis.fetch(request);
  });
  return { client: createClient({ baseUrl: server.baseUrl, token: tokens.owner, fetch }), fetch, sent };
}

/** What the server itself answers to a body, sent without the SDK. */
async function serverAnswer(method: string, path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startReferenceServer();
  await createClient({ baseUrl: server.baseUrl, token: tokens.owner }).projects.create(org, { key: 'web' });
});
afterAll(() => server.close());

describe('request bodies', () => {
  const badFlag: FlagCreateParams = {
    key: 'Bad key!',
    type: 'Number',
    variations: [
      { key: 'one', value: '1' },
      { key: 'two', value: 'two' },
    ],
  };

  test('a bad body is a ValidationError before any request, with the fields the server would name', async () => {
    const { client, fetch } = recordingClient();

    const error = (await client.flags
      .create(org, 'web', badFlag)
      .catch((caught: unknown) => caught)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.detectedBeforeSending).toBe(true);
    expect(error.status).toBe(400);
    expect(error.error).toBe('validation_failed');
    expect(error.requestId).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    const answer = await serverAnswer('POST', `/api/v1/orgs/${org}/projects/web/flags`, badFlag);
    expect(answer.status).toBe(400);
    expect(error.fields).toEqual(answer.body.fields);
    expect(Object.keys(error.fields).sort()).toEqual(['key', 'variations.1.value']);
    expect(error.message).toMatch(
      /^400 validation_failed: Invalid request: key: .+\(and 1 more\)\. \(found before sending/,
    );
  });

  test('a misspelt property gets the same did-you-mean as from the server', async () => {
    const { client, fetch } = recordingClient();
    const body = { enable: true } as unknown as { enabled: boolean };

    const error = (await client.flagEnvironments
      .toggle(org, 'web', 'any-flag', 'production', body)
      .catch((caught: unknown) => caught)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.didYouMean).toEqual(['enabled']);
    expect(error.fields).toEqual({ enabled: ['is required'] });
    expect(fetch).not.toHaveBeenCalled();
  });

  test('the body goes out as given, so the server applies its own defaults and transforms', async () => {
    const { client, sent } = recordingClient();
    const body: FlagCreateParams = {
      key: 'as-given',
      type: 'Boolean',
      name: '  Padded  ',
      tags: ['b', 'a', 'b'],
    };

    const flag = await client.flags.create(org, 'web', body);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual(body);
    expect(flag.name).toBe('Padded');
    expect(flag.tags).toEqual(['b', 'a']);
  });

  test('a rule only the server can check comes back as a ValidationError from the server', async () => {
    const { client } = recordingClient();
    await client.flags.create(org, 'web', { key: 'rollout', type: 'Boolean' });

    const error = (await client.flagEnvironments
      .update(org, 'web', 'rollout', 'production', { strategy: 'PercentageRollout' })
      .catch((caught: unknown) => caught)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.detectedBeforeSending).toBe(false);
    expect(error.requestId).toBeTruthy();
  });

  test('an empty path parameter is refused before any request', async () => {
    const { client, fetch } = recordingClient();

    await expect(client.flags.retrieve(org, '', 'x')).rejects.toThrow(
      new FlagplaneError('project must be a non-empty string (a key or an id); got "".'),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  test('path parameters are encoded, so an id cannot address another resource', async () => {
    const { client, sent } = recordingClient();

    await expect(client.flags.retrieve(org, 'web', '../../projects')).rejects.toThrow(/404 not_found/);
    expect(sent[0]?.path).toBe(`/api/v1/orgs/${org}/projects/web/flags/..%2F..%2Fprojects`);
  });
});
