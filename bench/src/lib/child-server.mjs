/**
 * Starts a server under test in its own Node process (so the load generator never shares its event loop)
 * and waits for its `READY <port>` line. The handle asks the child for its memory and counters over IPC.
 * With FLAGPLANE_BENCH_PROFILE_DIR set, every Flagplane server writes a V8 CPU profile there when it stops.
 */
import { spawn } from 'node:child_process';
import { serverScript } from './paths.mjs';

/**
 * @param {string} name a script of src/servers (without .mjs)
 * @param {Record<string, string>} options passed as `--key value`
 * @param {{ timeoutMs?: number, nodeOptions?: string[], env?: Record<string, string> }} [launch] `env`: more
 *   environment variables for the child (over the bench's own)
 */
export async function startServer(
  name,
  options = {},
  { timeoutMs = 180_000, nodeOptions = [], env = {} } = {},
) {
  const profileDir = process.env.FLAGPLANE_BENCH_PROFILE_DIR;
  const profile =
    profileDir && name === 'flagplane-server' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const args = [...profile, ...nodeOptions, serverScript(name)];
  for (const [key, value] of Object.entries(options)) args.push(`--${key}`, String(value));
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Never `test`: lowdb's JSONFilePreset (and other libraries) behave differently there.
    env: { ...process.env, ...env, NODE_ENV: 'production' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`${name} not ready after ${timeoutMs} ms`)), timeoutMs);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /READY (\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before READY (${signal ?? code}):\n${stderr}`));
    });
  });
  child.stdout.resume();

  let nextId = 0;
  const ask = (type) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => reject(new Error(`${name}: no answer to ${type}`)), 60_000);
      const onMessage = (message) => {
        if (message?.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message.value);
      };
      child.on('message', onMessage);
      child.send({ id, type });
    });

  return {
    name,
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    memory: () => ask('memory'),
    /** CPU time the child has used so far, user + system, in microseconds. */
    cpuMicros: () => ask('cpu').then((usage) => usage.user + usage.system),
    stats: () => ask('stats'),
    /** SIGTERM (graceful), then SIGKILL after `graceMs`; `kill: true` skips the grace (a server still busy). */
    async stop({ kill = false, graceMs = 15_000 } = {}) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(kill ? 'SIGKILL' : 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
