/**
 * Contract-driven fuzzing: for every operation of the endpoint table, requests derived from a valid one
 * by breaking its body, path values, query, content type, method and credentials. Whatever is sent:
 * no 5xx, every 4xx is the contract's error body, and a refused request changes nothing.
 * `FUZZ_RUNS` is the total number of inputs (a few hundred here; 10,000 in test:long).
 */
import { type Endpoint, endpoints, type OperationId, operationIds } from '@flagplane/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileRequest, StatusTally, sendChecked } from './support/checked-request.js';
import {
  authorization,
  contentType,
  type Method,
  method,
  pathValues,
  payloadFor,
  queryString,
} from './support/fuzz-arbitraries.js';
import { encodeQuery, type FuzzWorld, startFuzzWorld, urlOf } from './support/fuzz-world.js';
import { numberFromEnvironment } from './support/long-mode.js';
import { weirdString } from './support/odd-values.js';

const totalRuns = numberFromEnvironment('FUZZ_RUNS', 400);
const seed = numberFromEnvironment('FUZZ_SEED', 20_261_122);
const garbageShare = 0.1;
const runsPerOperation = Math.max(1, Math.ceil((totalRuns * (1 - garbageShare)) / operationIds.length));
const garbageRuns = Math.max(1, Math.ceil(totalRuns * garbageShare));

let world: FuzzWorld;
const tally = new StatusTally();
beforeAll(async () => {
  world = await startFuzzWorld();
});
afterAll(async () => {
  console.log(`fuzz: ${tally.total} inputs (seed ${seed}); answers by status: ${tally}`);
  await world?.server.close();
});

/** Sends one request, checks the invariants, and puts the world back when a write succeeded. */
async function probe(request: HostileRequest): Promise<void> {
  let changed = true; // when the checks throw, reset anyway
  try {
    const answer = await sendChecked(world.server.app, request);
    changed = answer.changed;
    tally.add(answer.status);
  } finally {
    if (changed) await world.reset();
  }
}

function requestsFor(operationId: OperationId): fc.Arbitrary<HostileRequest> {
  const endpoint: Endpoint = endpoints[operationId];
  const valid = world.valid[operationId];
  const params = pathValues(valid.params, Object.values(world.ids));
  return fc
    .record({
      params,
      query: endpoint.query ? queryString(encodeQuery(valid.query)) : fc.constant(''),
      method: method(endpoint.method as Method),
      authorization: authorization(valid.authorization),
      contentType,
      payload: payloadFor(valid.body),
    })
    .map(({ params: values, query, ...rest }) => ({ ...rest, url: urlOf(operationId, values, query) }));
}

describe('contract-driven fuzzing', () => {
  it('has a valid request for every operation that the server accepts', async () => {
    for (const operationId of operationIds) {
      const valid = world.valid[operationId];
      const answer = await sendChecked(world.server.app, {
        method: endpoints[operationId].method,
        url: urlOf(operationId, valid.params, encodeQuery(valid.query)),
        authorization: valid.authorization,
        contentType: 'application/json',
        payload: valid.body === undefined ? null : { json: valid.body },
      });
      expect(answer.status, operationId).toBe(endpoints[operationId].success.status);
      await world.reset();
    }
  });

  operationIds.forEach((operationId, index) => {
    it(
      `${operationId}: ${runsPerOperation} hostile variants of a valid request`,
      async () => {
        await fc.assert(fc.asyncProperty(requestsFor(operationId), probe), {
          numRuns: runsPerOperation,
          seed: seed + index,
        });
      },
      120_000 + runsPerOperation * 200,
    );
  });

  it(`${garbageRuns} arbitrary requests anywhere under /api/v1 and /ofrep/v1`, async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'orgs',
        'acme',
        'projects',
        'web',
        'flags',
        'environments',
        'rules',
        'reorder',
        'sdk-keys',
        'sdk',
        'evaluate',
      ),
      weirdString.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')).slice(0, 200)),
    );
    const requests = fc
      .record({
        segments: fc.array(segment, { maxLength: 12 }),
        prefix: fc.constantFrom('/api/v1', '/ofrep/v1'),
        query: queryString(''),
        method: fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        authorization: authorization(),
        contentType,
        payload: payloadFor({ key: 'k', name: 'n' }),
      })
      .map(({ prefix, segments, query, ...rest }) => ({
        ...rest,
        url: `${prefix}/${segments.join('/')}${query ? `?${query}` : ''}`,
      }));
    await fc.assert(fc.asyncProperty(requests, probe), { numRuns: garbageRuns, seed });
  }, 120_000);

  it('leaves Object.prototype alone', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
