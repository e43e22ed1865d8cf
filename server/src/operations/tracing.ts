/**
 * OpenTelemetry tracing, off unless the standard `OTEL_*` variables configure an exporter
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or `OTEL_TRACES_EXPORTER=otlp`),
 * and never with `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`. Spans go over OTLP/HTTP,
 * protobuf by default or JSON with `OTEL_EXPORTER_OTLP_PROTOCOL=http/json` (the exporter reads the
 * endpoint, headers and timeout from the environment itself). `OTEL_TRACES_SAMPLER`,
 * `OTEL_TRACES_SAMPLER_ARG`, `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES` and
 * `OTEL_BSP_SCHEDULE_DELAY` are honoured; W3C `traceparent` and `baggage` are read from requests.
 *
 * What is traced: a span per request named by its operation id (request-spans.ts), a child span per group
 * commit of the store and per PostgreSQL statement (store/store-timings.ts, store/postgres/database.ts).
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ConfigError } from '../config.js';
import { traceStores } from '../store/store-timings.js';

export interface Tracing {
  /** Sends the spans still buffered, then stops (the server stopping). */
  shutdown(): Promise<void>;
}

/** Whether the environment configures a trace exporter (then `startTracing` starts one). */
export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporters === 'none') return false;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || exporters,
  );
}

/**
 * Starts the SDK when the process's environment asks for it; null when it does not. Refuses what it
 * cannot do. The process's own environment only: the exporter reads its endpoint and headers there.
 */
export function startTracing(): Tracing | null {
  const env = process.env;
  if (!tracingConfigured(env)) return null;
  const exporters = (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() || 'otlp')
    .split(',')
    .map((e) => e.trim());
  if (exporters.some((exporter) => exporter !== 'otlp')) {
    throw new ConfigError(
      `OTEL_TRACES_EXPORTER: only otlp (or none) is supported; got "${env.OTEL_TRACES_EXPORTER}".`,
    );
  }
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim() ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim() ||
    'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new ConfigError(
      `OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf or http/json are supported (not gRPC); got "${protocol}".`,
    );
  }
  const exporter = protocol === 'http/json' ? new OtlpJsonExporter() : new OtlpProtobufExporter();
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'flagplane-server' }).merge(
      detectResources({ detectors: [envDetector] }),
    ),
    sampler: samplerFrom(env),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter,
        ...(Number.isFinite(delay) && delay > 0 ? { scheduledDelayMillis: delay } : {}),
      }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  trace.setGlobalTracerProvider(provider);
  traceStores(true);
  return {
    async shutdown() {
      traceStores(false);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** The sampler `OTEL_TRACES_SAMPLER` names (default: parentbased_always_on, as the specification says). */
function samplerFrom(env: NodeJS.ProcessEnv): Sampler {
  const name = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || 'parentbased_always_on';
  const raw = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = raw === undefined || raw === '' ? 1 : Number(raw);
  if (name.endsWith('traceidratio') && !(ratio >= 0 && ratio <= 1)) {
    throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1; got "${raw}".`);
  }
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      throw new ConfigError(`OTEL_TRACES_SAMPLER: unknown sampler "${name}".`);
  }
}
