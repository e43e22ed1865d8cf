/**
 * What names a request in metrics and traces: its operation id from the endpoint table, else what its
 * route was registered with. Never anything the caller chose (a URL, a key, an organization), so the
 * names are bounded by the routes.
 */
import type { FastifyRequest } from 'fastify';

export function operationOf(
  request: FastifyRequest,
  // Fastify builds a new object on every read of `routeOptions`: a caller that reads it too passes it.
  route: FastifyRequest['routeOptions'] = request.routeOptions,
): string {
  if (route.config.operationId) return route.config.operationId;
  // The 405 answers of the endpoint table's paths carry their credential but no operation.
  if (route.config.credential) return 'methodNotAllowed';
  return route.url ?? 'unmatched';
}
