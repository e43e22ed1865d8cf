/**
 * OpenAPI `links` from each create operation to the operations that use what it made, derived from the
 * endpoint table rather than written per operation: an operation whose path is the create's path, then one
 * parameter (the new resource), then only literal segments, is reached with the created resource's `id`
 * (every path parameter takes an id, §1) and the create's own path parameters as they were sent.
 * `createProject` links to `getProject`, `createEnvironment`, `createFlag`…; `createFlag` to `getFlag`,
 * `createVariation`, `listFlagEnvironments`…. Tools that chain calls (Schemathesis' stateful phase, client
 * generators) follow them.
 */
import * as z from 'zod';
import type { Endpoint } from './endpoint.js';
import { endpoints, type OperationId } from './endpoints.js';

export interface OpenApiLink {
  readonly operationId: OperationId;
  readonly parameters: Readonly<Record<string, string>>;
  readonly description: string;
}

const table = Object.entries(endpoints) as [OperationId, Endpoint][];

const parameterNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name ?? '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the operation makes a resource and answers it: a `create` with a 201 body that has an `id`. */
function createdSchemaOf(endpoint: Endpoint): z.ZodObject | null {
  const { status, schema } = endpoint.success;
  if (endpoint.verb !== 'create' || status !== 201) return null;
  if (!(schema instanceof z.ZodObject) || !('id' in schema.shape))
    throw new Error(`${endpoint.path}: a create operation must answer the created resource with its id`);
  return schema;
}

/** The links of one operation's success answer, by the target's operationId; empty for all but creates. */
export function linksOf(operationId: OperationId): Record<string, OpenApiLink> {
  const create = endpoints[operationId] as Endpoint;
  if (!createdSchemaOf(create)) return {};
  // `{create path}/{new}` followed by literal segments only: everything else the target needs is known.
  const under = new RegExp(`^${escapeRegExp(create.path)}/\\{([^}/]+)\\}((?:/[^{}/]+)*)$`);
  const links: Record<string, OpenApiLink> = {};
  for (const [targetId, target] of table) {
    const newParameter = under.exec(target.path)?.[1];
    if (!newParameter || target.credential !== 'token') continue;
    const parameters: Record<string, string> = {};
    for (const parameter of parameterNames(target.path)) {
      parameters[parameter] =
        parameter === newParameter ? '$response.body#/id' : `$request.path.${parameter}`;
    }
    links[targetId] = {
      operationId: targetId,
      parameters,
      description: `${target.summary} \`{${newParameter}}\` is the \`id\` of what \`${operationId}\` created.`,
    };
  }
  return links;
}
