/**
 * The links from create operations (derived from the endpoint table) and what else the document says
 * beyond zod's own rendering: `info.contact`, the rules by type and operator, a project's `managedBy`.
 * The server's tests follow the links and hold the rules to the server's answers
 * (server/test/openapi-links.test.ts, server/test/openapi-document-rules.test.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, type Endpoint, endpoints, linksOf, type OperationId } from '../src/index.js';

const committed = JSON.parse(
  readFileSync(fileURLToPath(new URL('../openapi.json', import.meta.url)), 'utf8'),
);
const table = Object.entries(endpoints) as [OperationId, Endpoint][];
const parametersOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);

describe('links from each create operation', () => {
  it('leave exactly the create operations that answer 201', () => {
    const withLinks = table.filter(([operationId]) => Object.keys(linksOf(operationId)).length > 0);
    expect(withLinks.map(([operationId]) => operationId)).toEqual(
      table.filter(([, endpoint]) => endpoint.verb === 'create').map(([operationId]) => operationId),
    );
  });

  it('reach what a project and a flag are used by', () => {
    expect(Object.keys(linksOf('createProject')).sort()).toEqual(
      [
        'getProject',
        'updateProject',
        'deleteProject',
        'listEnvironments',
        'createEnvironment',
        'listFlags',
        'createFlag',
        'listSegments',
        'createSegment',
      ].sort(),
    );
    expect(Object.keys(linksOf('createFlag')).sort()).toEqual(
      [
        'getFlag',
        'updateFlag',
        'deleteFlag',
        'archiveFlag',
        'restoreFlag',
        'createVariation',
        'listFlagEnvironments',
      ].sort(),
    );
    expect(Object.keys(linksOf('createRule')).sort()).toEqual(['deleteRule', 'updateRule']);
    expect(Object.keys(linksOf('createSdkKey')).sort()).toEqual([
      'getSdkKey',
      'revokeSdkKey',
      'updateSdkKey',
    ]);
  });

  it.each(table.filter(([, endpoint]) => endpoint.verb === 'create'))(
    '%s: each link fills its target’s path parameters from the request and the answer’s id',
    (operationId, create) => {
      for (const link of Object.values(linksOf(operationId))) {
        const target = endpoints[link.operationId] as Endpoint;
        expect(Object.keys(link.parameters).sort()).toEqual(parametersOf(target.path).sort());
        const fromAnswer = Object.entries(link.parameters).filter(([, value]) =>
          value.startsWith('$response'),
        );
        expect(fromAnswer.map(([, value]) => value)).toEqual(['$response.body#/id']);
        for (const [name, value] of Object.entries(link.parameters)) {
          if (value.startsWith('$request')) {
            expect(value).toBe(`$request.path.${name}`);
            expect(parametersOf(create.path)).toContain(name);
          }
        }
      }
    },
  );

  it('are in the document, on the 201 answers, and the answer schema has a required id', () => {
    for (const [operationId, endpoint] of table.filter(([, candidate]) => candidate.verb === 'create')) {
      const created = committed.paths[endpoint.path][endpoint.method.toLowerCase()].responses['201'];
      expect(created.links).toEqual(JSON.parse(JSON.stringify(linksOf(operationId))));
      const schemaName = String(created.content['application/json'].schema.$ref).split('/').pop();
      expect(committed.components.schemas[schemaName as string].required).toContain('id');
    }
  });
});

describe('what the document says beyond the shapes', () => {
  it('names a contact: the docs of the server that serves it', () => {
    expect(committed.info.contact).toEqual({
      name: 'The operators of this Flagplane server',
      url: 'http://127.0.0.1:4000/docs',
    });
    const elsewhere = buildOpenApiDocument({ servers: [{ url: 'https://flags.example.com/' }] });
    expect(elsewhere.info.contact?.url).toBe('https://flags.example.com/docs');
  });

  it("ties a flag's variations to its type with if/then, and says the rest in words", () => {
    const flag = committed.components.schemas.FlagCreateBody;
    expect(
      flag.allOf.map((rule: { if: { properties: { type: unknown } } }) => rule.if.properties.type),
    ).toEqual([
      { const: 'Boolean' },
      { const: 'Boolean' },
      { enum: ['String', 'Number', 'Json'] },
      { const: 'Number' },
      { const: 'Json' },
    ]);
    expect(flag.description).toContain('`defaultVariationKey` names one of the variations');
  });

  it("holds a project's managedBy to no environments, and a flag's to any", () => {
    const project = committed.components.schemas.ProjectManagedByInput.properties.environments.anyOf[0];
    expect(project.maxItems).toBe(0);
    const flag = committed.components.schemas.ManagedByInput.properties.environments.anyOf[0];
    expect(flag.maxItems).toBe(1000);
  });

  it('describes every query parameter of listEvents', () => {
    const parameters = committed.paths['/api/v1/orgs/{org}/events'].get.parameters.filter(
      (parameter: { in?: string }) => parameter.in === 'query',
    );
    for (const parameter of parameters) expect(parameter.description, parameter.name).toBeTruthy();
  });
});
