/** The endpoint table against the document (docs/api/document.md) and the decisions (§4, §6). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  assertUniqueRoutes,
  type Endpoint,
  endpoints,
  errorStatusesOf,
  type OperationId,
  sdkKeyOperationIds,
  type TokenEndpoint,
  tokenOperationIds,
} from '../src/index.js';

/** The endpoint table of the API document (docs/api/document.md), copied as it stands there. */
const documentRoutes = [
  'GET /api/v1/me',
  'GET /api/v1/orgs',
  'GET /api/v1/orgs/{org}',
  'GET /api/v1/orgs/{org}/projects',
  'POST /api/v1/orgs/{org}/projects',
  'PUT /api/v1/orgs/{org}/projects/{project}',
  'POST /api/v1/orgs/{org}/projects/{project}/environments',
  'GET /api/v1/orgs/{org}/projects/{project}/environments/{env}',
  'DELETE /api/v1/orgs/{org}/projects/{project}/environments/{env}',
  'GET /api/v1/orgs/{org}/projects/{project}/flags',
  'PUT /api/v1/orgs/{org}/projects/{project}/flags/{flag}',
  'POST /api/v1/orgs/{org}/projects/{project}/flags/{flag}/variations',
  'GET /api/v1/orgs/{org}/projects/{project}/flags/{flag}/environments',
  'POST /api/v1/orgs/{org}/projects/{project}/flags/{flag}/environments/{env}/toggle',
  'PUT /api/v1/orgs/{org}/projects/{project}/flags/{flag}/environments/{env}/rules/{ruleId}',
  'PUT /api/v1/orgs/{org}/projects/{project}/flags/{flag}/environments/{env}/rules/reorder',
  'POST /api/v1/orgs/{org}/projects/{project}/environments/{env}/sdk-keys',
  'GET /api/v1/orgs/{org}/projects/{project}/environments/{env}/sdk-keys',
  'GET /api/v1/orgs/{org}/projects/{project}/environments/{env}/sdk-keys/{sdkKey}',
  'PUT /api/v1/orgs/{org}/projects/{project}/environments/{env}/sdk-keys/{sdkKey}',
] as const;

const table = Object.entries(endpoints) as [OperationId, Endpoint][];
const tokenTable = table.filter(
  (entry): entry is [OperationId, TokenEndpoint] => entry[1].credential === 'token',
);
const routeOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

describe('the endpoint table', () => {
  it('holds 48 operations: 43 for tokens, 5 for SDK keys', () => {
    expect(table).toHaveLength(48);
    expect(tokenOperationIds).toHaveLength(43);
    expect(sdkKeyOperationIds).toEqual([
      'getSdkFlags',
      'evaluateForSdk',
      'streamSdkChanges',
      'ofrepEvaluateFlag',
      'ofrepEvaluateFlags',
    ]);
    expect(endpoints.streamSdkChanges.eventStream).toBe(true);
  });

  it('gives every SDK-key operation its key types, error format and place (§21, §23)', () => {
    for (const operationId of sdkKeyOperationIds) {
      const endpoint = endpoints[operationId];
      expect(endpoint.minimumRole, operationId).toBeNull();
      expect(endpoint.resource, operationId).toBe('sdk');
      expect(endpoint.keyTypes.length, operationId).toBeGreaterThan(0);
      expect(endpoint.path, operationId).toMatch(
        endpoint.errorFormat === 'ofrep' ? /^\/ofrep\/v1\// : /^\/api\/v1\/sdk\//,
      );
      // Every SDK-key operation reads: none records an event, every one is safe to repeat.
      expect(endpoint.method === 'GET' || endpoint.readOnly === true, operationId).toBe(true);
      expect(endpoint.idempotent, operationId).toBe(true);
    }
    expect(endpoints.getSdkFlags.keyTypes).toEqual(['ServerSide']);
    expect(endpoints.getSdkFlags.conditional).toBe(true);
    expect(endpoints.ofrepEvaluateFlags.conditional).toBe(true);
  });

  it('has the 20 operations of the document, marked inDocument', () => {
    expect(documentRoutes).toHaveLength(20);
    const byRoute = new Map(
      table.map(([operationId, endpoint]) => [routeOf(endpoint), { operationId, endpoint }]),
    );
    for (const route of documentRoutes) {
      expect(byRoute.get(route)?.endpoint.inDocument, route).toBe(true);
    }
  });

  it('marks no other operation inDocument', () => {
    const marked = table
      .filter(([, endpoint]) => endpoint.inDocument)
      .map(([, endpoint]) => routeOf(endpoint));
    expect(marked.sort()).toEqual([...documentRoutes].sort());
  });

  it('has camelCase operationIds', () => {
    for (const [operationId] of table) expect(operationId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('has unique operationIds, ignoring case', () => {
    const lowered = table.map(([operationId]) => operationId.toLowerCase());
    expect(new Set(lowered).size).toBe(table.length);
  });

  it('has unique method + path pairs, even with parameter names erased', () => {
    const routes = table.map(
      ([, endpoint]) => `${endpoint.method} ${endpoint.path.replace(/\{[^}]+\}/g, '{}')}`,
    );
    expect(new Set(routes).size).toBe(table.length);
    expect(() => assertUniqueRoutes(endpoints)).not.toThrow();
  });

  it('refuses a table with a route declared twice', () => {
    const duplicate = {
      getFlag: endpoints.getFlag,
      getFlagAgain: { ...endpoints.getFlag, path: endpoints.getFlag.path.replace('{flag}', '{flagKey}') },
    };
    expect(() => assertUniqueRoutes(duplicate)).toThrow(/getFlagAgain and getFlag/);
  });

  it('keeps every path under /api/v1 (OFREP: /ofrep/v1) with well-formed parameters', () => {
    for (const [operationId, endpoint] of table) {
      expect(endpoint.path, operationId).toMatch(/^\/(api|ofrep)\/v1(\/([a-z-]+|\{[a-zA-Z]+\}))+$/);
      expect(endpoint.path.startsWith('/ofrep/'), operationId).toBe(
        endpoint.credential === 'sdkKey' && endpoint.errorFormat === 'ofrep',
      );
    }
  });

  it('gives every list the pagination query and the page envelope', () => {
    const lists = table.filter(([, endpoint]) => endpoint.list);
    expect(lists.map(([operationId]) => operationId).sort()).toEqual(
      [
        'listEnvironments',
        'listEvents',
        'listFlags',
        'listOrgs',
        'listProjects',
        'listSdkKeys',
        'listSegments',
      ].sort(),
    );
    for (const [operationId, endpoint] of lists) {
      expect(endpoint.method, operationId).toBe('GET');
      const query = endpoint.query;
      expect(query, operationId).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((query as z.ZodObject).shape), operationId).toEqual(
        expect.arrayContaining(['limit', 'cursor']),
      );
      const page = endpoint.success.schema;
      expect(page, operationId).toBeInstanceOf(z.ZodObject);
      const shape = (page as z.ZodObject).shape;
      expect(Object.keys(shape).sort(), operationId).toEqual(['_actions', 'items', 'next_cursor']);
      expect((shape.items as z.ZodArray<z.ZodType>).element, operationId).toBe(endpoint.list?.item);
      expect(errorStatusesOf(endpoint), operationId).toContain(400);
    }
  });

  it("answers 400 wherever there is a body, and 413/415 too (OFREP's paths: 400 PARSE_ERROR instead)", () => {
    for (const [operationId, endpoint] of table.filter(([, endpoint]) => endpoint.body)) {
      expect(endpoint.errors, operationId).toContain(400);
      const ofrep = endpoint.credential === 'sdkKey' && endpoint.errorFormat === 'ofrep';
      expect(errorStatusesOf(endpoint).includes(413), operationId).toBe(!ofrep);
      expect(errorStatusesOf(endpoint).includes(415), operationId).toBe(!ofrep);
    }
  });

  it('answers 400 for every change under a flag but restore: an archived flag refuses them (§8)', () => {
    const changes = table.filter(
      ([operationId, endpoint]) =>
        endpoint.method !== 'GET' && endpoint.path.includes('/flags/{flag}') && operationId !== 'restoreFlag',
    );
    expect(changes.length).toBeGreaterThan(10);
    for (const [operationId, endpoint] of changes) expect(endpoint.errors, operationId).toContain(400);
  });

  it('answers 404 wherever the path names a resource', () => {
    for (const [operationId, endpoint] of table) {
      // OFREP's single-flag path names a flag: FLAG_NOT_FOUND is its 404.
      expect(endpoint.errors.includes(404), operationId).toBe(endpoint.path.includes('{'));
    }
  });

  it('lets every operation answer 401, 429, 500 and 503', () => {
    for (const [operationId, endpoint] of table) {
      expect(errorStatusesOf(endpoint), operationId).toEqual(expect.arrayContaining([401, 429, 500, 503]));
    }
  });

  it('has a response schema unless the answer is a 204', () => {
    for (const [operationId, endpoint] of table) {
      expect(endpoint.success.schema === undefined, operationId).toBe(endpoint.success.status === 204);
    }
  });

  it('creates with POST and 201, and only there', () => {
    for (const [operationId, endpoint] of table) {
      expect(endpoint.success.status === 201, operationId).toBe(endpoint.verb === 'create');
      if (endpoint.verb === 'create') expect(endpoint.method, operationId).toBe('POST');
    }
  });

  it('marks every GET, PUT and DELETE idempotent', () => {
    for (const [operationId, endpoint] of table) {
      if (endpoint.method !== 'POST') expect(endpoint.idempotent, operationId).toBe(true);
      if (endpoint.verb === 'create') expect(endpoint.idempotent, operationId).toBe(false);
    }
  });

  describe('minimum roles (§4)', () => {
    it('needs Viewer for reads, none for /me and /orgs', () => {
      for (const [operationId, endpoint] of tokenTable.filter(([, endpoint]) => endpoint.method === 'GET')) {
        const expected = operationId === 'getMe' || operationId === 'listOrgs' ? null : 'Viewer';
        expect(endpoint.minimumRole, operationId).toBe(expected);
      }
    });

    const changes = tokenTable.filter(([, endpoint]) => endpoint.method !== 'GET' && !endpoint.readOnly);

    it('needs Member for every change but deleting a project, which needs Admin', () => {
      for (const [operationId, endpoint] of changes) {
        expect(endpoint.minimumRole, operationId).toBe(operationId === 'deleteProject' ? 'Admin' : 'Member');
      }
    });

    it('answers 403 wherever a role is needed beyond Viewer', () => {
      for (const [operationId, endpoint] of changes) {
        expect(endpoint.errors, operationId).toContain(403);
      }
    });

    it('serves the only read-only POST for tokens, the playground, to Viewers', () => {
      const readOnly = tokenTable.filter(([, endpoint]) => endpoint.readOnly);
      expect(readOnly.map(([operationId]) => operationId)).toEqual(['evaluateFlags']);
      expect(readOnly[0]?.[1]).toMatchObject({ method: 'POST', minimumRole: 'Viewer', idempotent: true });
    });
  });
});
