/**
 * A Flagplane mock (`@flagplane/mock`, default seed: organization `acme`, Owner `owner`) with project `web`
 * and N Boolean flags `flag-000000` …, created through the mock itself (`mock.handle`, the entry point
 * msw, nock and the mock's port all use), so the records are the server's own. Its rate limit is out of
 * reach, as for every server under test.
 */
import { createFlagplaneMock } from '@flagplane/mock';
import { flagKey, ORG, PROJECT, projectPath } from './data-file.mjs';

/** The request that creates one flag (like the bench's template flag: two tags and a description). */
export function createFlagRequest(mock, key) {
  return {
    method: 'POST',
    url: `${projectPath}/flags`,
    headers: { authorization: `Bearer ${mock.tokens.owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      key,
      type: 'Boolean',
      name: key,
      description: 'A Boolean flag like most real ones: two variations, off everywhere.',
      tags: ['bench', 'checkout'],
    }),
  };
}

/** Sends `request` through the mock and throws unless it answers `status`. */
export async function handleExpecting(mock, request, status) {
  const response = await mock.handle(request);
  if (response.networkError || response.status !== status) {
    throw new Error(`${request.method} ${request.url}: expected ${status}, got ${JSON.stringify(response)}`);
  }
  return response;
}

export async function mockWithFlags(flagCount) {
  const mock = await createFlagplaneMock({ rateLimit: { max: 1e9, windowSeconds: 60 } });
  await handleExpecting(
    mock,
    {
      method: 'POST',
      url: `/api/v1/orgs/${ORG}/projects`,
      headers: { authorization: `Bearer ${mock.tokens.owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: PROJECT, name: 'Web' }),
    },
    201,
  );
  for (let index = 0; index < flagCount; index++) {
    await handleExpecting(mock, createFlagRequest(mock, flagKey(index)), 201);
  }
  return mock;
}
