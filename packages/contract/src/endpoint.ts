/** What one operation of the API is: the shape of an entry of the endpoint table. */
import type * as z from 'zod';
import type { Role, SdkKeyType } from './schemas/enums.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The names between braces in a path template: `/orgs/{org}/projects/{project}` → `'org' | 'project'`. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string };

/**
 * What a caller authenticates with: a token (§5), whose role the operation checks (§4), or an SDK key
 * (§21, §23, §24), which reads the one environment it belongs to and is a credential nowhere else.
 */
export type Credential = 'token' | 'sdkKey';

interface EndpointBase {
  readonly method: HttpMethod;
  /** Path template with `{name}` parameters, the prefix (`/api/v1`, `/ofrep/v1`) included. */
  readonly path: string;
  /** The SDK's resource (`client.<resource>.<verb>()`) and verb for this operation. */
  readonly resource: string;
  readonly verb: string;
  /** One line, used for OpenAPI summaries and SDK JSDoc. */
  readonly summary: string;
  /** true when the API document (docs/api/document.md) lists the operation; false when a decision (docs/api/decisions.md) adds it. */
  readonly inDocument: boolean;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly success: { readonly status: 200 | 201 | 204; readonly schema?: z.ZodType };
  /** Error statuses the operation can answer besides 401, 429 and 500, which every operation can. */
  readonly errors: readonly (400 | 403 | 404 | 409)[];
  /** Set for paginated lists: the schema of one item of `items`. */
  readonly list?: { readonly item: z.ZodType };
  /** Repeating the request has the same effect as sending it once (safe to retry, even for a POST). */
  readonly idempotent: boolean;
  /** A POST that changes nothing (its input is too large for a URL): served as a read, records no event. */
  readonly readOnly?: true;
  /**
   * Answers with an `ETag`, and `304` with no body to an `If-None-Match` that holds it: the caller keeps
   * what it has while nothing changed.
   */
  readonly conditional?: true;
  /**
   * The answer is a stream of Server-Sent Events (`text/event-stream`) that stays open, each event's data
   * the JSON of `success.schema`, instead of one JSON body (§24).
   */
  readonly eventStream?: true;
}

/** An operation of the management API: a token, and at least `minimumRole` in the organization. */
export interface TokenEndpoint extends EndpointBase {
  readonly credential: 'token';
  /** The lowest role that may call it (§4); null where no organization is involved (`/me`, `/orgs`). */
  readonly minimumRole: Role | null;
}

/** An operation an application calls with an SDK key: its environment's flags, nothing else. */
export interface SdkKeyEndpoint extends EndpointBase {
  readonly credential: 'sdkKey';
  /** No role: the key's environment is the whole of what it may read. */
  readonly minimumRole: null;
  /** The SDK key types it accepts; another type is `403`. */
  readonly keyTypes: readonly SdkKeyType[];
  /**
   * The shape of its error answers: the API's error body (§15), or OFREP's (§23: `{key, errorCode,
   * errorDetails}`), so that the standard OFREP providers read them.
   */
  readonly errorFormat: 'api' | 'ofrep';
}

export type Endpoint = TokenEndpoint | SdkKeyEndpoint;

/**
 * Whether a successful call records an event (§19): every write of the management API; not a read (a
 * GET, or a POST that changes nothing such as the playground's), and nothing an SDK key calls. An event's
 * `action` is the id of such an operation.
 */
export function recordsEvent(endpoint: Endpoint): boolean {
  return endpoint.credential === 'token' && endpoint.method !== 'GET' && endpoint.readOnly !== true;
}

/** Fails at load time when two operations share a method and path (the type-level twin is in endpoint-checks.ts). */
export function assertUniqueRoutes(table: Readonly<Record<string, Endpoint>>): void {
  const seen = new Map<string, string>();
  for (const [operationId, endpoint] of Object.entries(table)) {
    // `{org}` and `{project}` are the same route to a router, so compare templates with names erased.
    const route = `${endpoint.method} ${endpoint.path.replace(/\{[^}]+\}/g, '{}')}`;
    const previous = seen.get(route);
    if (previous)
      throw new Error(`${operationId} and ${previous} are both ${endpoint.method} ${endpoint.path}`);
    seen.set(route, operationId);
  }
}
