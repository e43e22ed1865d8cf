/**
 * Which operation of the endpoint table a request is, by method and concrete path: for the mock's fault
 * matching and request log. Literal segments win over parameters (`rules/reorder` is not a `{ruleId}`),
 * as in the server's router.
 */
import type { Endpoint } from './endpoint.js';
import { endpoints, type OperationId } from './endpoints.js';

interface CompiledRoute {
  readonly operationId: OperationId;
  readonly method: string;
  readonly segments: readonly string[];
  readonly literalCount: number;
}

const routes: readonly CompiledRoute[] = (Object.entries(endpoints) as [OperationId, Endpoint][])
  .map(([operationId, endpoint]) => {
    const segments = endpoint.path.split('/').filter(Boolean);
    return {
      operationId,
      method: endpoint.method,
      segments,
      literalCount: segments.filter((segment) => !segment.startsWith('{')).length,
    };
  })
  // More literal segments first, so the most specific route is tried first.
  .sort((a, b) => b.literalCount - a.literalCount);

export interface OperationMatch {
  readonly operationId: OperationId;
  /** Path parameters by name, URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

export function matchOperation(method: string, path: string): OperationMatch | null {
  const pathname = path.split('?')[0] ?? path;
  const segments = pathname.split('/').filter(Boolean);
  const upperMethod = method.toUpperCase();
  for (const route of routes) {
    if (route.method !== upperMethod || route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((template, index) => {
      const actual = segments[index] ?? '';
      if (!template.startsWith('{')) return template === actual;
      params[template.slice(1, -1)] = safeDecode(actual);
      return actual.length > 0;
    });
    if (matches) return { operationId: route.operationId, params };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
