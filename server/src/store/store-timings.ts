/**
 * Where the stores report how long their commits and disk flushes take (`GET /metrics`,
 * operations/metrics.ts), and the spans of their commits and statements (operations/tracing.ts).
 * Process-wide, like the process metrics: one server process has one store. Until metrics or tracing
 * are on, nothing is reported and a commit costs a clock read and a no-op span.
 */
import { type Attributes, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

export interface StoreTimingSink {
  /** One group commit (a disk write, a database transaction) of `writes` writes took `seconds`. */
  commit(seconds: number, writes: number): void;
  /** One fsync of `file` took `seconds`. */
  flush(file: 'journal' | 'data', seconds: number): void;
}

const nothing: StoreTimingSink = { commit: () => {}, flush: () => {} };
let sink: StoreTimingSink = nothing;

/** Sends the stores' timings to `next` (null: nowhere). */
export function reportStoreTimingsTo(next: StoreTimingSink | null): void {
  sink = next ?? nothing;
}

export function storeTimings(): StoreTimingSink {
  return sink;
}

/** Seconds since `started` (a `performance.now()`). */
export const secondsSince = (started: number): number => (performance.now() - started) / 1000;

/** The OpenTelemetry API's tracer: a no-op until operations/tracing.ts registers the SDK. */
const tracer = trace.getTracer('flagplane-server');
/** Whether tracing is on: off, `inSpan` is a plain call (not even a no-op span per statement). */
let spansOn = false;

/** Turns the stores' spans on or off (operations/tracing.ts). */
export function traceStores(on: boolean): void {
  spansOn = on;
}

/** Whether the stores make spans (to skip preparing a span's attributes while they do not). */
export function storeSpansOn(): boolean {
  return spansOn;
}

/**
 * Runs `work` in a span named `name` (a child of the active one: the request whose write started the
 * commit loop, say), ended when it settles, marked as an error when it rejects.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!spansOn) return work();
  const span = tracer.startSpan(name, { kind, attributes });
  try {
    return await work();
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message ?? String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/** One group commit of `writes` writes: timed for the metrics, and a `store.commit` span. */
export function timedCommit(writes: number, commit: () => Promise<void>): Promise<void> {
  const started = performance.now();
  return inSpan('store.commit', { 'flagplane.store.writes': writes }, commit).then(() =>
    sink.commit(secondsSince(started), writes),
  );
}
