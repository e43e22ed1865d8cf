/**
 * Reads the contract's endpoint table into what the generated files need: resource groups (one file
 * each), resources (one class each), methods (one per operation) and the type names they use.
 * Fails loudly on anything that would generate ambiguous code.
 */

import type { Endpoint, OperationId } from '@flagplane/contract';
import * as contract from '@flagplane/contract';
import type { z } from 'zod';

/**
 * Which file a resource's class goes in. Nested resources live beside their parent; a resource not
 * named here gets a file of its own, so a new resource in the contract needs no change here.
 */
const resourceGroups: Readonly<Record<string, readonly string[]>> = {
  projects: ['projects', 'environments'],
  flags: ['flags', 'variations'],
  'flag-environments': ['flagEnvironments', 'rules'],
};

export interface MethodModel {
  readonly operationId: OperationId;
  readonly verb: string;
  readonly summary: string;
  readonly httpMethod: string;
  readonly path: string;
  /** Safe to repeat (the transport may retry it). */
  readonly idempotent: boolean;
  /** The answer has a schema (false for a 204). */
  readonly hasResponseSchema: boolean;
  readonly minimumRole: string | null;
  /** Set for an operation an application calls with an SDK key: the key types it takes. */
  readonly sdkKeyTypes: readonly string[] | null;
  /** Answers 304 (`null`) to an `ifNoneMatch` that holds its current ETag. */
  readonly conditional: boolean;
  /** Answers a stream of Server-Sent Events that stays open (§24). */
  readonly eventStream: boolean;
  /** A success records an event whose `action` is this operation's id (§19, the contract's `recordsEvent`). */
  readonly recordsEvent: boolean;
  readonly pathParams: readonly { readonly name: string; readonly description: string | null }[];
  /** The Params type of the body, when the operation takes one. */
  readonly bodyType: string | null;
  /** The Params type of the query, when the operation takes one. */
  readonly queryType: string | null;
  /** Set for paginated lists: the type of one item. */
  readonly listItemType: string | null;
  /** The type of the parsed answer; `void` for a 204. */
  readonly responseType: string;
}

export interface ResourceModel {
  readonly name: string;
  readonly className: string;
  readonly methods: readonly MethodModel[];
}

export interface GroupModel {
  /** The file name, without `.ts`. */
  readonly file: string;
  readonly resources: readonly ResourceModel[];
}

/** A type the SDK exports: a re-export of a contract type, or an alias of a schema's input/output. */
export interface TypeModel {
  readonly name: string;
  /** `null` for a plain re-export of the contract's type of the same name. */
  readonly definition: string | null;
  readonly doc: string;
}

export interface SdkModel {
  readonly groups: readonly GroupModel[];
  readonly resources: readonly ResourceModel[];
  readonly types: readonly TypeModel[];
  /** The contract types that `definition`s refer to. */
  readonly contractTypeImports: readonly string[];
}

export interface ModelInputs {
  readonly endpoints: Readonly<Record<string, Endpoint>>;
  /** Path parameter descriptions, by name (from the contract's OpenAPI document). */
  readonly parameterDescriptions: Readonly<Record<string, string>>;
}

export function buildSdkModel({ endpoints, parameterDescriptions }: ModelInputs): SdkModel {
  const types = new Map<string, TypeModel>();
  const contractTypeImports = new Set<string>();
  const addType = (type: TypeModel) => {
    const existing = types.get(type.name);
    if (existing && existing.definition !== type.definition) {
      throw new Error(
        `Two SDK types would be named ${type.name}: ${existing.definition} and ${type.definition}`,
      );
    }
    types.set(type.name, type);
  };

  /**
   * The contract's own name for a schema, when the contract exports the schema under its `meta` id.
   * `schema.meta()` reads the registry of the contract's own zod, whichever copy this script resolves.
   */
  const contractNameOf = (schema: z.ZodType): string | null => {
    const id = schema.meta()?.id;
    return id && (contract as Record<string, unknown>)[id] === schema ? id : null;
  };

  const resourceMethods = new Map<string, MethodModel[]>();
  for (const [operationId, endpoint] of Object.entries(endpoints) as [OperationId, Endpoint][]) {
    const singular = singularTypeName(endpoint.resource);
    const methods = resourceMethods.get(endpoint.resource) ?? [];
    if (methods.some((method) => method.verb === endpoint.verb)) {
      throw new Error(`${operationId}: ${endpoint.resource}.${endpoint.verb} is already another operation`);
    }

    let bodyType: string | null = null;
    if (endpoint.body) {
      bodyType = `${singular}${pascalCase(endpoint.verb)}Params`;
      const contractName = contractNameOf(endpoint.body);
      if (contractName) contractTypeImports.add(contractName);
      addType({
        name: bodyType,
        definition: contractName ?? `BodyParams<Endpoints['${operationId}']['body']>`,
        doc: `The body of \`${endpoint.resource}.${endpoint.verb}\` (${endpoint.method} ${endpoint.path}).`,
      });
    }

    let queryType: string | null = null;
    if (endpoint.query) {
      queryType = `${singular}${pascalCase(endpoint.verb)}Params`;
      addType({
        name: queryType,
        definition: `QueryParams<Endpoints['${operationId}']['query']>`,
        doc: `The query of \`${endpoint.resource}.${endpoint.verb}\`: filters and paging, each optional.`,
      });
    }

    // A list answers a page envelope, but its method returns pages of items: name the item type only.
    const listItemType = endpoint.list
      ? responseTypeName(endpoint.list.item, `ListItemOf<'${operationId}'>`)
      : null;
    const schema = endpoint.success.schema;
    const responseType =
      listItemType ?? (schema ? responseTypeName(schema, `ResponseOf<'${operationId}'>`) : 'void');

    methods.push({
      operationId,
      verb: endpoint.verb,
      summary: endpoint.summary,
      httpMethod: endpoint.method,
      path: endpoint.path,
      idempotent: endpoint.idempotent,
      hasResponseSchema: schema !== undefined,
      minimumRole: endpoint.minimumRole,
      sdkKeyTypes: endpoint.credential === 'sdkKey' ? endpoint.keyTypes : null,
      conditional: endpoint.conditional === true,
      eventStream: endpoint.eventStream === true,
      recordsEvent: contract.recordsEvent(endpoint),
      pathParams: pathParamNames(endpoint.path).map((name) => ({
        name,
        description: parameterDescriptions[name] ?? null,
      })),
      bodyType,
      queryType,
      listItemType,
      responseType,
    });
    resourceMethods.set(endpoint.resource, methods);
  }

  function responseTypeName(schema: z.ZodType, fallback: string): string {
    const name = contractNameOf(schema);
    if (!name) return fallback;
    addType({ name, definition: null, doc: '' });
    return name;
  }

  const resources: ResourceModel[] = [...resourceMethods].map(([name, methods]) => ({
    name,
    className: `${pascalCase(name)}Resource`,
    methods,
  }));
  return {
    groups: groupResources(resources),
    resources,
    types: [...types.values()],
    contractTypeImports: [...contractTypeImports].sort(),
  };
}

function groupResources(resources: readonly ResourceModel[]): GroupModel[] {
  const groupOf = (resource: string) =>
    Object.entries(resourceGroups).find(([, members]) => members.includes(resource))?.[0] ??
    kebabCase(resource);
  const groups = new Map<string, ResourceModel[]>();
  for (const resource of resources) {
    const file = groupOf(resource.name);
    groups.set(file, [...(groups.get(file) ?? []), resource]);
  }
  return [...groups].map(([file, members]) => ({ file, resources: members }));
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/** `flagEnvironments` → `FlagEnvironment`, `me` → `Me`: the stem of the resource's type names. */
export function singularTypeName(resource: string): string {
  const pascal = pascalCase(resource);
  return pascal.length > 2 && pascal.endsWith('s') && !pascal.endsWith('ss') ? pascal.slice(0, -1) : pascal;
}

export function pascalCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
