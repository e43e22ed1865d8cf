/**
 * Faults a test asks for (`mock.fail(…)`): answer some requests with an error status, late, or not at
 * all. Error answers carry the API's own error body and headers, so clients see what a real server would
 * send.
 */
import { closestMatches, type OperationId, operationIds } from '@flagplane/contract';

export type FaultMatcher =
  | OperationId
  | ((request: {
      readonly method: string;
      readonly path: string;
      readonly operationId: OperationId | null;
    }) => boolean);

export type Fault =
  /** Answer this status with the API's error body (429 gets Retry-After and retry_after). */
  | {
      readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 500 | 502 | 503 | 504;
      readonly retryAfter?: number;
      readonly times?: number;
      readonly delayMs?: number;
    }
  /** Answer normally, `delayMs` late. */
  | { readonly delayMs: number; readonly times?: number; readonly status?: undefined }
  /** Fail at the network level: the client sees a connection error. */
  | { readonly networkError: true; readonly times?: number };

interface ActiveFault {
  readonly matcher: FaultMatcher;
  readonly fault: Fault;
  remaining: number;
}

export class FaultRegistry {
  private faults: ActiveFault[] = [];

  add(matcher: FaultMatcher, fault: Fault): void {
    if (typeof matcher === 'string') assertOperationId(matcher);
    this.faults.push({ matcher, fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  /** The fault for this request, counting it against the fault's `times`; newest faults win. */
  take(request: { method: string; path: string; operationId: OperationId | null }): Fault | null {
    for (let index = this.faults.length - 1; index >= 0; index--) {
      const active = this.faults[index];
      if (active === undefined) continue;
      const matches =
        typeof active.matcher === 'function'
          ? active.matcher(request)
          : active.matcher === request.operationId;
      if (!matches) continue;
      active.remaining--;
      if (active.remaining <= 0) this.faults.splice(index, 1);
      return active.fault;
    }
    return null;
  }

  clear(): void {
    this.faults = [];
  }
}

/**
 * An operationId the endpoint table does not have would match no request, and the test would pass
 * without its fault ever happening: refused, with the closest names (a string reaches here from
 * JavaScript, or through a cast, whatever the types say).
 */
function assertOperationId(name: string): void {
  if ((operationIds as readonly string[]).includes(name)) return;
  // An abbreviation (`getFlagEnv`) is closest to what it abbreviates, though far in edit distance.
  const lowered = name.toLowerCase();
  const abbreviated = operationIds.filter((candidate) => candidate.toLowerCase().startsWith(lowered));
  const near = closestMatches(name, operationIds, { maxDistance: 4, max: 3 });
  const closest = [...new Set([...abbreviated, ...near])].slice(0, 3);
  throw new Error(
    `mock.fail: unknown operationId "${name}"${
      closest.length > 0 ? `; did you mean ${closest.map((candidate) => `"${candidate}"`).join(', ')}?` : ''
    } (the operationIds are the endpoint table's, e.g. getFlag, toggleFlag; or pass a function of the request)`,
  );
}
