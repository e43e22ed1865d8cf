/** The configuration's PostgreSQL settings (§22), CORS origins (§23), and a database URL as messages may show it. */
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, shownDatabaseUrl } from './config.js';

describe('FLAGPLANE_DATABASE_URL', () => {
  it('is the data file unless set; set, it names the database and the pool size', () => {
    expect(readConfig({}).database).toBeNull();
    expect(
      readConfig({
        FLAGPLANE_DATABASE_URL: 'postgres://app:s3cret@db:5432/flags',
        FLAGPLANE_DATABASE_POOL_SIZE: '4',
      }).database,
    ).toEqual({ url: 'postgres://app:s3cret@db:5432/flags', poolSize: 4 });
    expect(readConfig({ FLAGPLANE_DATABASE_URL: 'postgresql://db/flags' }).database?.poolSize).toBe(10);
  });

  it('refuses what is not a postgres URL without repeating it (it may hold a password)', () => {
    const refuse = () => readConfig({ FLAGPLANE_DATABASE_URL: 'mysql://app:s3cret@db/flags' });
    expect(refuse).toThrow(ConfigError);
    expect(refuse).toThrow('FLAGPLANE_DATABASE_URL must be a postgres:// or postgresql:// URL.');
    expect(() =>
      readConfig({ FLAGPLANE_DATABASE_URL: 'postgres://db/flags', FLAGPLANE_DATABASE_POOL_SIZE: '0' }),
    ).toThrow(/FLAGPLANE_DATABASE_POOL_SIZE must be an integer from 1 to 1000/);
  });
});

describe('FLAGPLANE_CORS_ORIGINS', () => {
  it('is no origin unless set; set, the origins as browsers send them', () => {
    expect(readConfig({}).corsOrigins).toEqual([]);
    expect(readConfig({ FLAGPLANE_CORS_ORIGINS: 'none' }).corsOrigins).toEqual([]);
    expect(
      readConfig({ FLAGPLANE_CORS_ORIGINS: 'https://shop.example.com, http://localhost:5173/' }).corsOrigins,
    ).toEqual(['https://shop.example.com', 'http://localhost:5173']);
  });

  it.each(['*', 'shop.example.com', 'https://shop.example.com/app', 'ftp://files.example.com'])(
    'refuses %s, naming the variable and the form it wants',
    (value) => {
      expect(() => readConfig({ FLAGPLANE_CORS_ORIGINS: value })).toThrow(
        /FLAGPLANE_CORS_ORIGINS must list origins like https:\/\/app\.example\.com/,
      );
    },
  );
});

describe('shownDatabaseUrl', () => {
  it('hides the password, in the authority and in the query', () => {
    expect(shownDatabaseUrl('postgres://app:s3cret@db:5432/flags')).toBe('postgres://app:***@db:5432/flags');
    const shown = shownDatabaseUrl('postgres://app@db/flags?password=s3cret&sslpassword=k3y&sslmode=require');
    expect(shown).not.toMatch(/s3cret|k3y/);
    expect(shown).toBe('postgres://app@db/flags?password=***&sslpassword=***&sslmode=require');
    expect(shownDatabaseUrl('postgres://app@db/flags')).toBe('postgres://app@db/flags');
  });
});

describe('FLAGPLANE_METRICS, FLAGPLANE_METRICS_PORT, FLAGPLANE_SHUTDOWN_SECONDS', () => {
  it('serves no metrics unless asked; on PORT, on a port of its own, or both', () => {
    expect(readConfig({}).metrics).toBeNull();
    expect(readConfig({ FLAGPLANE_METRICS: '0', FLAGPLANE_METRICS_PORT: 'none' }).metrics).toBeNull();
    expect(readConfig({ FLAGPLANE_METRICS: '1' }).metrics).toEqual({ onServerPort: true, port: null });
    expect(readConfig({ FLAGPLANE_METRICS_PORT: '9464' }).metrics).toEqual({
      onServerPort: false,
      port: 9464,
    });
    expect(readConfig({ FLAGPLANE_METRICS: '1', FLAGPLANE_METRICS_PORT: '9464' }).metrics).toEqual({
      onServerPort: true,
      port: 9464,
    });
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => readConfig({ FLAGPLANE_METRICS: 'yes' })).toThrow(
      'FLAGPLANE_METRICS must be 0 or 1; got "yes".',
    );
    expect(() => readConfig({ FLAGPLANE_METRICS_PORT: '70000' })).toThrow(
      /FLAGPLANE_METRICS_PORT must be an integer/,
    );
    expect(() => readConfig({ PORT: '4000', FLAGPLANE_METRICS_PORT: '4000' })).toThrow(
      /must differ from PORT/,
    );
    expect(() => readConfig({ FLAGPLANE_SHUTDOWN_SECONDS: '-1' })).toThrow(
      /FLAGPLANE_SHUTDOWN_SECONDS must be an integer from 0 to 3600/,
    );
    expect(readConfig({}).shutdownSeconds).toBe(10);
  });
});
