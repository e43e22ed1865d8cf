/**
 * A test server on a real port, seeded with project `web`, and the OpenAPI document it serves, compiled by
 * Ajv as JSON Schema 2020-12 (OpenAPI 3.1's dialect) with formats asserted: what a tool reading the
 * document (Schemathesis, a client generator) believes about a body, next to what the server answers.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { seedWebProject, startTestServer, type TestServer, tokens } from '../fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: the document and answers are untyped JSON
export type Json = Record<string, any>;

export interface ServedDocument {
  readonly server: TestServer;
  readonly baseUrl: string;
  readonly document: Json;
  /** Whether `value` is valid for the document's schema at `pointer` (`#/components/schemas/…`). */
  valid(pointer: string, value: unknown): boolean;
  /** A request as the owner over HTTP: the status and the JSON body, if any. */
  send(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json | null }>;
  close(): Promise<void>;
}

export async function serveDocument(): Promise<ServedDocument> {
  const server = await startTestServer();
  await seedWebProject(server);
  const baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Json;
  // strict: false, since an OpenAPI document holds keywords JSON Schema does not know (`examples` of
  // media types, `discriminator`…); formats asserted, as tools that generate data from them do.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: under Node's ESM its plugin is the module's `default`.
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  return {
    server,
    baseUrl,
    document,
    valid: (pointer, value) => ajv.validate({ $ref: `openapi.json${pointer}` }, value),
    async send(method, path, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.owner}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Json) : null };
    },
    close: () => server.close(),
  };
}
