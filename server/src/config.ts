/**
 * The server's configuration, from the environment, each variable with a default. A bad value refuses
 * to start with a message naming the variable.
 */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Path of the data file, or `:memory:` for no file. */
  readonly dataPath: string;
  readonly identitiesPath: string | null;
  readonly rateLimit: { readonly max: number; readonly windowSeconds: number };
  readonly baseUrl: string;
  readonly logLevel: string;
  /** §19: days events are kept; 0 keeps them forever. */
  readonly eventRetentionDays: number;
  /** §22: the PostgreSQL store several processes share, instead of the data file; null: the data file. */
  readonly database: { readonly url: string; readonly poolSize: number } | null;
  /** §23: the origins whose pages may call the SDK-key paths from a browser (CORS); empty: none. */
  readonly corsOrigins: readonly string[];
  /** How long a stopping server lets requests in flight finish (SIGTERM, SIGINT), in seconds. */
  readonly shutdownSeconds: number;
  /** `GET /metrics`: on the server's own port, and/or on a port of its own; null: not served. */
  readonly metrics: { readonly onServerPort: boolean; readonly port: number | null } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Every variable the server reads, with its default and meaning as people read them. `--help` prints
 * this table and `readConfig` takes its defaults from it, so the two cannot disagree.
 */
export const configVariables = {
  PORT: { default: '4000', meaning: 'port to listen on (0 picks a free one)' },
  HOST: { default: '127.0.0.1', meaning: 'address to listen on' },
  FLAGPLANE_DATA: {
    default: '.flagplane/data.json',
    meaning: 'the data file; :memory: keeps everything in memory',
  },
  FLAGPLANE_DATABASE_URL: {
    default: 'none',
    meaning: 'postgres://user:password@host:port/database: the PostgreSQL store, instead of FLAGPLANE_DATA',
  },
  FLAGPLANE_DATABASE_POOL_SIZE: { default: '10', meaning: 'connections to PostgreSQL per process' },
  FLAGPLANE_IDENTITIES: {
    default: 'none',
    meaning: 'the identity file (JSON) to upsert at start-up',
  },
  FLAGPLANE_RATE_LIMIT: { default: '600', meaning: 'requests per caller per window' },
  FLAGPLANE_RATE_WINDOW_SECONDS: { default: '60', meaning: 'length of the rate-limit window, in seconds' },
  FLAGPLANE_EVENTS_RETENTION_DAYS: {
    default: '90',
    meaning: 'days the event log keeps events; 0 keeps them forever',
  },
  FLAGPLANE_BASE_URL: {
    default: 'http://HOST:PORT',
    meaning: 'public address, used in docs_url and the OpenAPI servers',
  },
  FLAGPLANE_CORS_ORIGINS: {
    default: 'none',
    meaning:
      'comma-separated origins (https://app.example.com) whose pages may read flags with a client-side SDK key (CORS on /api/v1/sdk and /ofrep/v1)',
  },
  FLAGPLANE_METRICS: {
    default: '0',
    meaning: '1 serves GET /metrics (Prometheus text format) on PORT, without a credential',
  },
  FLAGPLANE_METRICS_PORT: {
    default: 'none',
    meaning: 'a port of its own (on HOST) to serve GET /metrics on, apart from the API',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    default: 'none',
    meaning:
      'OpenTelemetry tracing over OTLP/HTTP (http://collector:4318); the other standard OTEL_* variables apply (operations/tracing.ts)',
  },
  FLAGPLANE_SHUTDOWN_SECONDS: {
    default: '10',
    meaning: 'on SIGTERM or SIGINT, how long requests in flight may take to finish before they are cut off',
  },
  LOG_LEVEL: {
    default: 'info',
    meaning: `how much to log: ${logLevels.slice(0, -1).join(', ')} or ${logLevels.at(-1)}`,
  },
} as const satisfies Record<string, { readonly default: string; readonly meaning: string }>;

type ConfigVariableName = keyof typeof configVariables;

function text(env: NodeJS.ProcessEnv, name: ConfigVariableName): string {
  return env[name]?.trim() || configVariables[name].default;
}

function integer(env: NodeJS.ProcessEnv, name: ConfigVariableName, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return Number(configVariables[name].default);
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}; got "${raw}".`);
  }
  return Number(raw);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 0, 65535);
  const host = text(env, 'HOST');
  const baseUrl =
    env.FLAGPLANE_BASE_URL?.trim() || `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) {
    throw new ConfigError(`FLAGPLANE_BASE_URL must be an http(s) URL; got "${baseUrl}".`);
  }
  const logLevel = text(env, 'LOG_LEVEL');
  if (!logLevels.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}; got "${logLevel}".`);
  }
  return {
    port,
    host,
    dataPath: text(env, 'FLAGPLANE_DATA'),
    // The default, "none", is what people read: no identity file.
    identitiesPath: env.FLAGPLANE_IDENTITIES?.trim() || null,
    rateLimit: {
      max: integer(env, 'FLAGPLANE_RATE_LIMIT', 1, 1_000_000_000),
      windowSeconds: integer(env, 'FLAGPLANE_RATE_WINDOW_SECONDS', 1, 86_400),
    },
    baseUrl: baseUrl.replace(/\/+$/, ''),
    logLevel,
    eventRetentionDays: integer(env, 'FLAGPLANE_EVENTS_RETENTION_DAYS', 0, 36_500),
    database: readDatabase(env),
    corsOrigins: readCorsOrigins(env),
    shutdownSeconds: integer(env, 'FLAGPLANE_SHUTDOWN_SECONDS', 0, 3600),
    metrics: readMetrics(env, port),
  };
}

/** §23: each origin as a browser sends it (`scheme://host[:port]`, no path); `*` is refused (say which). */
function readCorsOrigins(env: NodeJS.ProcessEnv): string[] {
  const raw = env.FLAGPLANE_CORS_ORIGINS?.trim();
  if (!raw || raw === 'none') return [];
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {}
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(
        `FLAGPLANE_CORS_ORIGINS must list origins like https://app.example.com (scheme, host and port; no path, no *), separated by commas; got "${origin}".`,
      );
    }
    return parsed.origin;
  });
}

function readMetrics(env: NodeJS.ProcessEnv, port: number): ServerConfig['metrics'] {
  const on = env.FLAGPLANE_METRICS?.trim() || '0';
  if (on !== '0' && on !== '1') throw new ConfigError(`FLAGPLANE_METRICS must be 0 or 1; got "${on}".`);
  const raw = env.FLAGPLANE_METRICS_PORT?.trim();
  const metricsPort = !raw || raw === 'none' ? null : integer(env, 'FLAGPLANE_METRICS_PORT', 0, 65535);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError(
      'FLAGPLANE_METRICS_PORT must differ from PORT (set FLAGPLANE_METRICS=1 to serve it on PORT).',
    );
  }
  if (on === '0' && metricsPort === null) return null;
  return { onServerPort: on === '1', port: metricsPort };
}

function readDatabase(env: NodeJS.ProcessEnv): ServerConfig['database'] {
  const url = env.FLAGPLANE_DATABASE_URL?.trim();
  if (!url) return null;
  if (!/^postgres(ql)?:\/\/\S+$/.test(url)) {
    // The value may hold a password: the message names the variable and the rule, not the value.
    throw new ConfigError('FLAGPLANE_DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }
  return { url, poolSize: integer(env, 'FLAGPLANE_DATABASE_POOL_SIZE', 1, 1000) };
}

/** A database URL as it may be shown (logs, messages): without its password, wherever it is written. */
export function shownDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const name of ['password', 'sslpassword']) {
      if (parsed.searchParams.has(name)) parsed.searchParams.set(name, '***');
    }
    return parsed.toString().replaceAll('%2A%2A%2A', '***');
  } catch {
    return 'postgres://…';
  }
}
