/**
 * Faults a test asks for (`mock.fail(…)`): answer some requests with an error status, late, or not at
 * all. Error answers carry the API's own error body and headers, so clients see what a real server would
 * send.
 */
import type { OperationId } from '@flagplane/contract';

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
    this.faults.push({ matcher, fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  /** The fault for this request, counting it against the fault's `times`; newest faults win. */
  take(request: { method: string; path: string; operationId: OperationId | null }): Fault | null {
    for (let index = this.faults.length - 1; index >= 0; index--) {
      const active = this.faults[index]!;
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
