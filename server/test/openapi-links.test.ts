/**
 * The document's `links` (one per create operation and operation that uses what it made), followed as a
 * stateful tool follows them: each create operation is called on a real port, then each of its links with
 * the parameters its runtime expressions name (`$request.path.org`, `$response.body#/id`). Every link
 * must reach a real operation of the document, fill exactly that operation's path parameters, and land
 * on what was created: a GET answers 200 (the resource itself where it is one), a change is never a 404
 * or a 405.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type ServedDocument, serveDocument } from './support/served-document.js';

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly operation: Json;
}

let served: ServedDocument;
let trueVariationId = '';
const operations = new Map<string, Operation>();
beforeAll(async () => {
  served = await serveDocument();
  for (const [path, item] of Object.entries(served.document.paths as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId) operations.set(operation.operationId, { method, path, operation });
    }
  }
  const flag = await served.send('GET', '/api/v1/orgs/acme/projects/web/flags/new-checkout');
  trueVariationId = flag.body?.variations.find((variation: Json) => variation.key === 'true').id;
});
afterAll(() => served?.close());

const pathParameters = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? `<${name}?>`));

/** Each create operation: where it is called (path parameters) and what it is sent. */
const creations: Record<string, { readonly at: Record<string, string>; readonly body: () => Json }> = {
  createProject: { at: { org: 'acme' }, body: () => ({ key: 'linked' }) },
  createEnvironment: { at: { org: 'acme', project: 'web' }, body: () => ({ key: 'staging' }) },
  createFlag: {
    at: { org: 'acme', project: 'web' },
    body: () => ({ key: 'linked', type: 'String', variations: [{ key: 'a', value: 'A' }] }),
  },
  createVariation: {
    at: { org: 'acme', project: 'web', flag: 'banner-text' },
    body: () => ({ key: 'linked', value: 'Linked' }),
  },
  createRule: {
    at: { org: 'acme', project: 'web', flag: 'new-checkout', env: 'production' },
    body: () => ({ variationId: trueVariationId }),
  },
  createSegment: { at: { org: 'acme', project: 'web' }, body: () => ({ key: 'linked' }) },
  createSdkKey: {
    at: { org: 'acme', project: 'web', env: 'production' },
    body: () => ({ type: 'ServerSide' }),
  },
};

/** A runtime expression of a link, against the create's request path and answer. */
function evaluate(expression: string, requestPath: Record<string, string>, answer: Json): string {
  const fromPath = /^\$request\.path\.(\w+)$/.exec(expression);
  if (fromPath) return requestPath[fromPath[1] ?? ''] ?? `<no ${expression}>`;
  const fromBody = /^\$response\.body#\/(\w+)$/.exec(expression);
  if (fromBody) return String(answer[fromBody[1] ?? ''] ?? `<no ${expression}>`);
  throw new Error(`an expression this test does not read: ${expression}`);
}

/** Reads first, then changes, deletions last: every link lands on the resource while it exists. */
const order = ['get', 'post', 'put', 'delete'];

describe('links from each create operation (OpenAPI `links`)', () => {
  it('leave every create operation of the document, and only those', () => {
    const creates = [...operations].filter(([, { operation }]) => operation.responses?.['201']?.links);
    expect(creates.map(([operationId]) => operationId).sort()).toEqual(Object.keys(creations).sort());
  });

  it.each(Object.keys(creations))('%s: each link reaches what it created', async (createId) => {
    const create = operations.get(createId) as Operation;
    const creation = creations[createId] as (typeof creations)[string];
    const made = await served.send(
      create.method.toUpperCase(),
      fill(create.path, creation.at),
      creation.body(),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const links = Object.values(create.operation.responses['201'].links as Record<string, Json>);
    links.sort((a, b) => {
      const method = (link: Json) => order.indexOf(operations.get(link.operationId)?.method ?? '');
      return method(a) - method(b);
    });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const target = operations.get(link.operationId);
      expect(
        target,
        `${createId} links to ${link.operationId}, which the document does not have`,
      ).toBeDefined();
      if (!target) continue;
      expect(Object.keys(link.parameters).sort()).toEqual(pathParameters(target.path).sort());
      const values = Object.fromEntries(
        Object.entries(link.parameters as Record<string, string>).map(([name, expression]) => [
          name,
          evaluate(expression, creation.at, made.body ?? {}),
        ]),
      );
      const path = fill(target.path, values);
      const body = target.operation.requestBody ? {} : undefined;
      const answer = await served.send(target.method.toUpperCase(), path, body);
      const what = `${createId} → ${link.operationId} ${target.method.toUpperCase()} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`;
      if (target.method === 'get') {
        expect(answer.status, what).toBe(200);
        // A single resource is the one created; a list (a page, a flag's configurations) is under it.
        const list = Array.isArray(answer.body) || 'items' in (answer.body ?? {});
        if (!list) expect(answer.body?.id, what).toBe(made.body?.id);
      } else {
        expect([404, 405], what).not.toContain(answer.status);
        expect(answer.status, what).toBeLessThan(500);
      }
    }
  });
});
