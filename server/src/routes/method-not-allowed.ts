/**
 * §15: a known path with a method it does not have is `405 method_not_allowed` with `Allow` (the path's
 * methods in the endpoint table), whatever the method: PATCH, TRACE, QUERY, PROPFIND, HEAD where there is
 * no GET. Fastify has no 405 of its own: the table's methods and PATCH and OPTIONS get 405 routes, and
 * any other method Node's parser accepts (`http.METHODS`) finds no route and is told from a 404 here by
 * matching the path against the table. A method Node's parser refuses (one it does not know, `FOO`) and
 * CONNECT never reach Fastify: unparsed-methods.ts answers them with the same words.
 */
import { type Credential, type Endpoint, endpoints } from '@flagplane/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/api-error.js';
import { noRoute } from '../plugins/error-handler.js';

/** `/orgs/{org}` → `/orgs/:org` */
export const toRouterPath = (template: string): string => template.replace(/\{([^}]+)\}/g, ':$1');

interface PathMethods {
  /** The `Allow` header: the table's methods at this path, in the table's order. */
  readonly allow: string;
  readonly declared: ReadonlySet<string>;
  readonly credential: Credential;
  /** The template's segments, `null` for a parameter. */
  readonly segments: readonly (string | null)[];
}

function pathMethods(): Map<string, PathMethods> {
  const declaredByPath = new Map<string, { declared: Set<string>; credential: Credential }>();
  for (const endpoint of Object.values(endpoints) as Endpoint[]) {
    const entry = declaredByPath.get(endpoint.path) ?? {
      declared: new Set(),
      credential: endpoint.credential,
    };
    entry.declared.add(endpoint.method);
    declaredByPath.set(endpoint.path, entry);
  }
  return new Map(
    [...declaredByPath].map(([path, { declared, credential }]) => [
      path,
      {
        allow: [...declared].join(', '),
        declared,
        credential,
        segments: path.split('/').map((segment) => (segment.startsWith('{') ? null : segment)),
      },
    ]),
  );
}

const methodsByPath = pathMethods();

export function methodNotAllowed(method: string, path: string, allow: string): ApiError {
  return new ApiError('method_not_allowed', `${method} is not allowed on ${path}.`, { headers: { allow } });
}

/**
 * The table path a concrete path is, with the router's precedence: a literal segment before a parameter,
 * segment by segment (`…/rules/reorder` is the reorder route, never a `{ruleId}`). Null for no known path.
 */
export function knownPathOf(path: string): PathMethods | null {
  const segments = path.split('/');
  let best: PathMethods | null = null;
  for (const candidate of methodsByPath.values()) {
    if (candidate.segments.length !== segments.length) continue;
    // As in the router, a parameter matches any segment, an empty one too (`/api/v1/orgs/` is `{org}` "").
    const matches = candidate.segments.every(
      (literal, index) => literal === null || literal === segments[index],
    );
    if (matches && (best === null || literalFirst(candidate, best))) best = candidate;
  }
  return best;
}

/** Whether `a` has a literal at the first segment where `a` and `b` differ in kind. */
function literalFirst(a: PathMethods, b: PathMethods): boolean {
  const index = a.segments.findIndex((segment, at) => (segment === null) !== (b.segments[at] === null));
  return index >= 0 && a.segments[index] !== null;
}

/**
 * The methods that get a 405 route of their own at every path that lacks them: the table's methods, so
 * that the router keeps literal segments literal (`DELETE …/rules/reorder` is a 405 on the reorder route,
 * never a `{ruleId}` named "reorder", §1), and PATCH and OPTIONS (which CORS's wildcard preflight route
 * would otherwise take). Every other method finds no route and is answered by the hook below.
 */
const routedMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/**
 * Every answer here comes in an `onRequest` hook, after authentication and rate limiting (the app's own
 * `onRequest` hooks, registered before) and before any body is read: a 405 or 404 is never a 400 or 415
 * about a body nobody wanted (nor QUERY's 400 for a missing Content-Type).
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  // No route: a method no route has (TRACE, QUERY, PROPFIND, HEAD where there is no GET…) or a path the
  // table does not have. Fastify sends every method Node's parser accepts here when nothing matches.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.is404) return done();
    const path = request.url.split('?')[0] ?? '';
    const known = knownPathOf(path);
    done(known ? methodNotAllowed(request.method, path, known.allow) : noRoute(request.method, path));
  });
  for (const [path, { allow, declared, credential }] of methodsByPath) {
    const refusal = (request: FastifyRequest) =>
      methodNotAllowed(request.method, request.url.split('?')[0] ?? path, allow);
    app.route({
      method: routedMethods.filter((method) => !declared.has(method)),
      url: toRouterPath(path),
      // Authentication and CORS (§23) tell an SDK key's path by this, on every method.
      config: { credential },
      onRequest: (request, _reply, done) => done(refusal(request)),
      handler: async (request) => {
        throw refusal(request); // never reached: the hook has answered
      },
    });
  }
}
