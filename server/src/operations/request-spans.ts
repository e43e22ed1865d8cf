/**
 * A span per request when tracing is on (operations/tracing.ts), named by the request's operation id,
 * the child of the caller's span when the request carries a W3C `traceparent`. The span starts when
 * Fastify makes the request's logger (its `childLoggerFactory`), so every log line of the request, the
 * first included, carries `trace_id` and `span_id`; the operation is known once the request is routed,
 * and the span is made the active one for the rest of it (handlers, store commits, statements).
 */
import type { IncomingMessage } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { operationOf } from './operation-label.js';

const tracer = trace.getTracer('flagplane-server');
const started = Symbol('flagplane request span');

interface Started {
  readonly span: Span;
  readonly parent: ReturnType<typeof propagation.extract>;
}
type Traced = IncomingMessage & { [started]?: Started };

function startSpan(raw: Traced): Started {
  const parent = propagation.extract(ROOT_CONTEXT, raw.headers);
  const span = tracer.startSpan(
    `HTTP ${raw.method}`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': raw.method ?? '' } },
    parent,
  );
  raw[started] = { span, parent };
  return raw[started];
}

/** Fastify's `childLoggerFactory` when tracing: starts the request's span and binds its ids. */
export const tracedChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
  raw,
) => {
  const { traceId, spanId } = startSpan(raw as Traced).span.spanContext();
  return (logger as FastifyBaseLogger).child({ ...bindings, trace_id: traceId, span_id: spanId }, options);
};

/** Names, activates and ends the request spans of `app`. */
export function traceRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw as Traced;
    const { span, parent } = raw[started] ?? startSpan(raw);
    const route = request.routeOptions;
    span.updateName(operationOf(request, route));
    if (route.url) span.setAttribute('http.route', route.url);
    // What follows this hook (the other hooks, the handler, the store) runs inside the span.
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = (request.raw as Traced)[started]?.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const span = (request.raw as Traced)[started]?.span;
    span?.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away' });
    span?.end();
    done();
  });
}
