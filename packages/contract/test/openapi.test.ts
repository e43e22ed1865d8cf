/** The committed openapi.json: current, complete, valid, and its examples true to the schemas. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import {
  type BodyOperationId,
  buildOpenApiDocument,
  type Endpoint,
  ErrorBody,
  endpoints,
  errorExamples,
  errorStatus,
  errorStatusesOf,
  OfrepErrorBody,
  type OperationId,
  ofrepErrorExamples,
  requestBodyExamples,
  serializeOpenApiDocument,
  validateInput,
} from '../src/index.js';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const documentFile = fileURLToPath(new URL('../openapi.json', import.meta.url));
const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));

const committedText = readFileSync(documentFile, 'utf8');
const committed = JSON.parse(committedText);
const table = Object.entries(endpoints) as [OperationId, Endpoint][];

interface Reference {
  $ref: string;
}
type Json = Record<string, unknown>;

/** Follows a local `$ref` (`#/components/...`) in the committed document. */
function resolve<T = Json>(value: T | Reference): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const target = value.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], committed);
    return resolve(target as T | Reference);
  }
  return value as T;
}

const operationOf = (endpoint: Endpoint) => committed.paths[endpoint.path]?.[endpoint.method.toLowerCase()];

describe('openapi.json', () => {
  it('is what the contract builds now (run `npm run generate` when this fails)', () => {
    expect(committedText).toBe(serializeOpenApiDocument(buildOpenApiDocument()));
  });

  it('is built the same way twice', () => {
    expect(serializeOpenApiDocument(buildOpenApiDocument())).toBe(
      serializeOpenApiDocument(buildOpenApiDocument()),
    );
  });

  it('is OpenAPI 3.1 with the title, version, default server and bearer security', () => {
    expect(committed.openapi).toBe('3.1.0');
    expect(committed.info).toMatchObject({ title: 'Flagplane API', version: '1.0.0' });
    expect(committed.servers).toEqual([expect.objectContaining({ url: 'http://127.0.0.1:4000' })]);
    expect(committed.security).toEqual([{ bearerToken: [] }]);
    expect(committed.components.securitySchemes.bearerToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(committed.components.securitySchemes.bearerToken.bearerFormat).toMatch(/fp_pat_.*fp_svc_/);
  });

  it('has every operation of the table at its path and method, and nothing else', () => {
    const operations = Object.entries(committed.paths as Record<string, Record<string, Json>>).flatMap(
      ([path, item]) =>
        Object.entries(item).map(
          ([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`,
        ),
    );
    const expected = table.map(
      ([operationId, endpoint]) => `${endpoint.method} ${endpoint.path} ${operationId}`,
    );
    expect(operations.sort()).toEqual(expected.sort());
  });

  it('describes the delivery paths with the SDK key as their only credential, and the 304 of the conditional GET', () => {
    expect(committed.components.securitySchemes.sdkKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(committed.components.securitySchemes.sdkKey.bearerFormat).toMatch(/fp_srv_.*fp_cli_/);
    const flags = committed.paths['/api/v1/sdk/flags'].get;
    expect(flags).toMatchObject({
      operationId: 'getSdkFlags',
      tags: ['sdk'],
      security: [{ sdkKey: [] }],
    });
    expect(Object.keys(flags.responses).sort()).toEqual(['200', '304', '401', '403', '429', '500', '503']);
    expect(flags.responses['304'].content).toBeUndefined();
    expect(Object.keys(flags.responses['304'].headers)).toContain('ETag');
    expect(flags.parameters.map((parameter: Json) => resolve(parameter).name)).toEqual(['if-none-match']);
    const evaluate = committed.paths['/api/v1/sdk/evaluate'].post;
    expect(evaluate).toMatchObject({ operationId: 'evaluateForSdk', security: [{ sdkKey: [] }] });
    expect(Object.keys(evaluate.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(evaluate.description).toMatch(/server-side .* or client-side/);
  });

  it("describes OFREP's paths with its own error answers, the SDK key in either header, and the bulk 304", () => {
    const one = committed.paths['/ofrep/v1/evaluate/flags/{key}'].post;
    expect(one).toMatchObject({
      operationId: 'ofrepEvaluateFlag',
      tags: ['sdk'],
      security: [{ sdkKey: [] }, { ofrepApiKey: [] }],
    });
    expect(committed.components.securitySchemes.ofrepApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    expect(Object.keys(one.responses).sort()).toEqual(['200', '400', '401', '404', '429', '500', '503']);
    for (const status of ['400', '404', '401', '429']) {
      expect(resolve(one.responses[status]).content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/OfrepErrorBody',
      });
    }
    const all = committed.paths['/ofrep/v1/evaluate/flags'].post;
    expect(Object.keys(all.responses).sort()).toEqual(['200', '304', '400', '401', '429', '500', '503']);
    expect(Object.keys(all.responses['200'].headers)).toContain('ETag');
    expect(all.parameters.map((parameter: Json) => resolve(parameter).name)).toEqual(['if-none-match']);
  });

  it.each(table)('%s: summary, tag, parameters, body and responses', (operationId, endpoint) => {
    const operation = operationOf(endpoint);
    expect(operation).toMatchObject({ operationId, summary: endpoint.summary, tags: [endpoint.resource] });

    const parameters = ((operation.parameters ?? []) as (Json | Reference)[]).map((parameter) =>
      resolve(parameter),
    );
    const pathNames = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    expect(
      parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
    ).toEqual(pathNames);
    for (const parameter of parameters.filter((parameter) => parameter.in === 'path')) {
      expect(parameter).toMatchObject({ required: true, schema: { type: 'string' } });
      // Keys and ids are told apart by form (§1); OFREP's `{key}` is a flag key only.
      expect(parameter.description).toMatch(endpoint.credential === 'token' ? /UUID/ : /flag's key/);
    }
    const headerNames = parameters
      .filter((parameter) => parameter.in === 'header')
      .map((parameter) => parameter.name);
    expect(headerNames).toEqual(
      endpoint.conditional ? ['if-none-match'] : endpoint.eventStream ? ['last-event-id'] : [],
    );
    const queryNames = parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => parameter.name);
    expect(queryNames).toEqual(
      endpoint.query ? Object.keys((endpoint.query as unknown as { shape: Json }).shape) : [],
    );

    if (endpoint.body) {
      expect(operation.requestBody.required).toBe(true);
      const media = operation.requestBody.content['application/json'];
      expect(media.schema).toBeDefined();
      expect(Object.keys(media.examples).length).toBeGreaterThan(0);
    } else {
      expect(operation.requestBody).toBeUndefined();
    }

    const statuses = Object.keys(operation.responses).map(Number);
    const notModified = endpoint.conditional ? [304] : [];
    expect(statuses.sort()).toEqual(
      [endpoint.success.status, ...notModified, ...errorStatusesOf(endpoint)].sort(),
    );
    const success = resolve(operation.responses[endpoint.success.status]);
    if (endpoint.success.status === 204) expect(success.content).toBeUndefined();
    else
      expect(Object.keys(success.content as Json)).toEqual([
        endpoint.eventStream ? 'text/event-stream' : 'application/json',
      ]);
  });

  it('puts the rate-limit and request-id headers on every response, and Retry-After on 429 and 503', () => {
    for (const [operationId, endpoint] of table) {
      for (const [status, response] of Object.entries(operationOf(endpoint).responses)) {
        const headers = resolve(response as Json).headers as Record<string, Reference>;
        const expected = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id'];
        if (status === '429' || status === '503') expected.push('Retry-After');
        if (endpoint.conditional && (status === '200' || status === '304')) expected.push('ETag');
        expect(Object.keys(headers).sort(), `${operationId} ${status}`).toEqual(expected.sort());
        for (const [name, header] of Object.entries(headers)) {
          expect(header, `${operationId} ${status} ${name}`).toEqual({
            $ref: `#/components/headers/${name}`,
          });
        }
      }
    }
  });

  it("answers errors with the shared ErrorBody schema (OFREP's paths: OfrepErrorBody) and an example", () => {
    for (const [name, response] of Object.entries(committed.components.responses as Record<string, Json>)) {
      const media = (response.content as Record<string, Json>)['application/json'];
      const schema = name.startsWith('Ofrep') ? 'OfrepErrorBody' : 'ErrorBody';
      expect(media?.schema, name).toEqual({ $ref: `#/components/schemas/${schema}` });
      expect(Object.keys(media?.examples as Json).length, name).toBeGreaterThan(0);
      expect(response.description, name).toEqual(expect.any(String));
    }
  });

  it('documents limit as an integer 1–200, default 50', () => {
    for (const [operationId, endpoint] of table.filter(([, endpoint]) => endpoint.list)) {
      const limit = (operationOf(endpoint).parameters as Json[]).find(
        (parameter) => parameter.name === 'limit',
      );
      expect(limit?.schema, operationId).toEqual({
        type: 'integer',
        format: 'int32',
        minimum: 1,
        maximum: 200,
        default: 50,
      });
    }
  });

  it('validates with swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(committed))).resolves.toBeDefined();
  });

  it('passes redocly lint', () => {
    const lint = spawnSync(redocly, ['lint', 'openapi.json', '--format=summary'], {
      cwd: packageDirectory,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
    });
    expect(lint.error).toBeUndefined();
    expect(lint.status, `${lint.stdout}\n${lint.stderr}`).toBe(0);
  }, 30_000);
});

describe('buildOpenApiDocument', () => {
  it('takes the servers of the caller, and points docs_url there', () => {
    const document = JSON.parse(
      serializeOpenApiDocument(buildOpenApiDocument({ servers: [{ url: 'https://flags.example.com/' }] })),
    );
    expect(document.servers).toEqual([{ url: 'https://flags.example.com/' }]);
    const example =
      document.components.responses.NotFound.content['application/json'].examples.notFound.value;
    expect(example.docs_url).toBe('https://flags.example.com/docs/errors#not_found');
  });
});

describe('examples', () => {
  it.each(Object.entries(requestBodyExamples))(
    '%s: every request example is a valid body',
    (operationId, examples) => {
      const body = endpoints[operationId as BodyOperationId].body;
      for (const [name, example] of Object.entries(examples)) {
        const result = validateInput(body, example.value);
        expect(result.success ? undefined : result.failure, name).toBeUndefined();
      }
    },
  );

  it('has request examples for exactly the operations with a body', () => {
    const withBody = table.filter(([, endpoint]) => endpoint.body).map(([operationId]) => operationId);
    expect(Object.keys(requestBodyExamples).sort()).toEqual(withBody.sort());
  });

  it.each(Object.entries(ofrepErrorExamples))(
    'OFREP %s examples parse with OfrepErrorBody',
    (_, examples) => {
      for (const [name, example] of Object.entries(examples)) {
        expect(OfrepErrorBody.safeParse(example.value).success, name).toBe(true);
      }
    },
  );

  it.each(Object.entries(errorExamples('http://127.0.0.1:4000')))(
    '%s: every error example is an ErrorBody',
    (status, examples) => {
      for (const [name, example] of Object.entries(examples)) {
        expect(ErrorBody.safeParse(example.value).error, name).toBeUndefined();
        expect(example.value.docs_url, name).toBe(`http://127.0.0.1:4000/docs/errors#${example.value.error}`);
        expect(String(errorStatus[example.value.error]), name).toBe(status);
      }
    },
  );
});
