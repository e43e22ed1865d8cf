/**
 * The reference server as a real process on a real port (its `main.js`), for tests of what only a
 * process shows: configuration from the environment, signals, crashes, a lock left behind, start-up
 * refusals. The caller says which `main.js` (the server's tests run their own build; other packages
 * resolve `@flagplane/server`'s), so this package depends on no server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** A port nobody listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcessOptions {
  /** The server's `main.js`. */
  readonly mainScript: string;
  /** Added to this process's environment; `PORT` defaults to a free port, `HOST` to 127.0.0.1, `LOG_LEVEL` to warn. */
  readonly env?: Readonly<Record<string, string>>;
  /** An identity document: written to a temporary file named by `FLAGPLANE_IDENTITIES`. */
  readonly identities?: unknown;
  /** Command-line arguments of `main.js`; none by default. */
  readonly args?: readonly string[];
  /** The server's working directory; the test's by default. */
  readonly cwd?: string;
  /**
   * Starts the server as the child of a `sleep` that never waits for it, so a killed server stays a
   * zombie until that `sleep` ends, as under a pid 1 that reaps no orphans. `process` is then the
   * `sleep`, and `pid` the server.
   */
  readonly underParentThatNeverReaps?: boolean;
  /**
   * When the start counts as done: `ready` (`/readyz` 200: the store loaded, the app serving) or
   * `listening` (`/healthz` 200: the port answers, the store perhaps still loading).
   * @default 'ready'
   */
  readonly until?: 'ready' | 'listening';
}

export interface RunningServer {
  /** The spawned process: the server, or the `sleep` above it (`underParentThatNeverReaps`). */
  readonly process: ChildProcess;
  /** The server's pid. */
  readonly pid: number;
  readonly baseUrl: string;
  /** stdout and stderr, interleaved as they arrived. */
  readonly output: () => string;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves with the exit code (or signal) once the spawned process has ended. */
  readonly exited: Promise<number | string>;
  /** SIGTERM (a clean stop), then waits for the exit and removes the temporary identity file. */
  readonly stop: () => Promise<void>;
}

/**
 * Starts the server and resolves once it is ready (`/readyz` 200: the store loaded, the app serving; while
 * it starts, it answers 503) or, with `until: 'listening'`, once it answers at all; or once it has exited
 * (a refused start, `--help`); or after 15 s (then killed).
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<RunningServer> {
  const env: Record<string, string> = { ...options.env };
  const port = env.PORT ?? String(await freePort());
  let scratch: string | undefined;
  if (options.identities !== undefined) {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'flagplane-server-'));
    env.FLAGPLANE_IDENTITIES = path.join(scratch, 'identities.json');
    await writeFile(env.FLAGPLANE_IDENTITIES, JSON.stringify(options.identities));
  }
  const command = [process.execPath, options.mainScript, ...(options.args ?? [])];
  const spawnOptions = {
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    cwd: options.cwd,
  };
  const child = options.underParentThatNeverReaps
    ? // The server's pid comes back on fd 3, apart from its own output.
      spawn('sh', ['-c', '"$@" & echo $! >&3; exec sleep 600', 'sh', ...command], {
        ...spawnOptions,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, command.slice(1), { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const pid = options.underParentThatNeverReaps ? await serverPidFromFd3(child) : (child.pid ?? 0);
  const server: RunningServer = {
    process: child,
    pid,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (scratch) await rm(scratch, { recursive: true, force: true });
    },
  };
  const probePath = options.until === 'listening' ? '/healthz' : '/readyz';
  const deadline = Date.now() + 15_000;
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      if ((await fetch(`${server.baseUrl}${probePath}`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!ended) child.kill('SIGKILL');
  return server;
}

async function serverPidFromFd3(child: ChildProcess): Promise<number> {
  const pidPipe = child.stdio[3];
  if (!pidPipe || !('read' in pidPipe)) throw new Error('no pipe on fd 3 for the server pid');
  const [line] = (await once(createInterface({ input: pidPipe }), 'line')) as [string];
  return Number(line);
}
