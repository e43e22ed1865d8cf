/** Which OTEL_* environments turn tracing on, and what is refused (the spans: test/operations-tracing.test.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config.js';
import { startTracing, tracingConfigured } from './tracing.js';

describe('tracingConfigured', () => {
  it('is off unless an exporter is configured, and off when disabled', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_SERVICE_NAME: 'flagplane' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingConfigured({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBe(false);
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
  });
});

describe('startTracing', () => {
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1' };
  const withEnvironment = (env: Record<string, string>) => {
    for (const name of Object.keys(process.env)) if (name.startsWith('OTEL_')) vi.stubEnv(name, undefined);
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  };
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('starts nothing without configuration', () => {
    withEnvironment({});
    expect(startTracing()).toBeNull();
  });

  it.each([
    [{ OTEL_TRACES_EXPORTER: 'zipkin' }, /OTEL_TRACES_EXPORTER: only otlp/],
    [
      { ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      /http\/protobuf or http\/json are supported \(not gRPC\)/,
    ],
    [{ ...endpoint, OTEL_TRACES_SAMPLER: 'sometimes' }, /unknown sampler "sometimes"/],
    [{ ...endpoint, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' }, /ratio from 0 to 1/],
  ])('refuses %o, naming the variable', (env, message) => {
    withEnvironment(env);
    expect(() => startTracing()).toThrow(ConfigError);
    expect(() => startTracing()).toThrow(message);
  });
});
