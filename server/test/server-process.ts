/** Runs the built server (`dist/main.js`) as a real process on a real port, for tests of the process. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const mainScript = fileURLToPath(new URL('../dist/main.js', import.meta.url));

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
}

/**
 * Starts the server (on a free port unless `env.PORT` names one) and resolves once it answers
 * `/healthz`, or once it has exited (a refused start, `--help`), or after 15 s.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<RunningServer> {
  const port = env.PORT ?? String(await freePort());
  const command = [process.execPath, mainScript, ...(options.args ?? [])];
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
    : spawn(command[0]!, command.slice(1), { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
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
  const pid = options.underParentThatNeverReaps ? await serverPidFromFd3(child) : child.pid!;
  const server: RunningServer = {
    process: child,
    pid,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
  const deadline = Date.now() + 15_000;
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      if ((await fetch(`${server.baseUrl}/healthz`)).ok) return server;
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
