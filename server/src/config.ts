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
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}; got "${raw}".`);
  }
  return Number(raw);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 4000, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const baseUrl =
    env.FLAGPLANE_BASE_URL?.trim() || `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) {
    throw new ConfigError(`FLAGPLANE_BASE_URL must be an http(s) URL; got "${baseUrl}".`);
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!logLevels.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}; got "${logLevel}".`);
  }
  return {
    port,
    host,
    dataPath: env.FLAGPLANE_DATA?.trim() || '.flagplane/data.json',
    identitiesPath: env.FLAGPLANE_IDENTITIES?.trim() || null,
    rateLimit: {
      max: integer(env, 'FLAGPLANE_RATE_LIMIT', 600, 1, 1_000_000_000),
      windowSeconds: integer(env, 'FLAGPLANE_RATE_WINDOW_SECONDS', 60, 1, 86_400),
    },
    baseUrl: baseUrl.replace(/\/+$/, ''),
    logLevel,
  };
}
