/**
 * A throwaway PostgreSQL cluster for tests (§22): `initdb` into a temporary directory, `pg_ctl start` on a
 * free port of 127.0.0.1 with fsync on, and everything removed after. As root (CI containers), the
 * server runs as the `postgres` user, since PostgreSQL refuses to run as root.
 *
 * Where PostgreSQL is not installed the tests that need it are skipped with a message, except in CI (`CI`
 * set), which promises to run them: there a missing PostgreSQL is an error (`.ci/run` installs Debian's
 * `postgresql-15` as it does Chromium).
 */
import { accessSync, chownSync, constants, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from './process.js';

/** The directory of `initdb` and `pg_ctl`: Debian's newest `/usr/lib/postgresql/<version>/bin`, else PATH. */
function findBinaries(): string | undefined {
  const debian = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  } catch {
    // not Debian's layout
  }
  const candidates = [
    ...versions.map((version) => path.join(debian, version, 'bin')),
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ];
  return candidates.find(
    (directory) => executable(path.join(directory, 'initdb')) && executable(path.join(directory, 'pg_ctl')),
  );
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export const postgresBinaries: string | undefined = findBinaries();

/** Whether tests that need PostgreSQL can run here (a skip message outside CI, an error in CI). */
export function postgresAvailable(): boolean {
  if (postgresBinaries) return true;
  const message =
    'PostgreSQL (initdb, pg_ctl) is not installed: the tests of the PostgreSQL store cannot run';
  if (process.env.CI) throw new Error(`${message} (CI must run them; apt-get install postgresql-15)`);
  console.warn(`${message}; skipped.`);
  return false;
}

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, for tests only). */
  readonly url: string;
  readonly port: number;
  readonly dataDirectory: string;
  /** A new empty database on this cluster; its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown), keeping the data: `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes every file. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid of `postgres` when this process is root (PostgreSQL refuses to run as root). */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => {
    const result = await runProcess('id', [flag, 'postgres']);
    if (result.code !== 0)
      throw new Error("running as root needs the postgres user (Debian's postgresql package creates it)");
    return Number(result.stdout.trim());
  };
  return { uid: await id('-u'), gid: await id('-g') };
}

export async function startPostgres(): Promise<PostgresCluster> {
  const binaries = postgresBinaries;
  if (!binaries) throw new Error('PostgreSQL is not installed (postgresAvailable() says so first)');
  const user = await serverUser();
  const dataDirectory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-postgres-'));
  if (user) chownSync(dataDirectory, user.uid, user.gid);
  // As root, every PostgreSQL program runs as postgres (runuser keeps the environment minimal).
  const run = (program: string, args: string[]) =>
    user
      ? runProcess('runuser', ['-u', 'postgres', '--', path.join(binaries, program), ...args])
      : runProcess(path.join(binaries, program), args);
  const checked = async (program: string, args: string[]) => {
    const result = await run(program, args);
    if (result.code !== 0)
      throw new Error(`${program} failed (${result.code}):\n${result.stdout}${result.stderr}`);
  };
  await checked('initdb', [
    '-D',
    dataDirectory,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-instructions',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${dataDirectory} -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on`;
  const start = () =>
    checked('pg_ctl', [
      'start',
      '-D',
      dataDirectory,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(dataDirectory, 'server.log'),
      '-o',
      options,
    ]);
  const stop = () => checked('pg_ctl', ['stop', '-D', dataDirectory, '-m', 'fast', '-w', '-t', '60']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dataDirectory,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      await checked('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `CREATE DATABASE ${name}`,
      ]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
    start,
    async destroy() {
      await stop().catch(() => {});
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}
