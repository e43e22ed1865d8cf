/**
 * Wall-clock timing of whole processes: from spawn to exit, or from spawn to the first successful answer
 * of a URL. Repeated runs of several commands are interleaved so drift hits them alike.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { summarize } from './stats.mjs';

/** Milliseconds from spawn to a clean exit (a non-zero exit throws). */
export async function timeUntilExit(command, args, { env } = {}) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: env ?? process.env });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const elapsed = performance.now() - started;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr}`);
  return elapsed;
}

/**
 * Milliseconds from spawn to exit, with the exit code and what the process printed on stdout: for a
 * process that reports its own figures (the phases of a synth) or its result (the CLI's `--json`). An
 * exit code not in `okCodes` throws, with the end of stderr.
 */
export async function timeUntilExitWithOutput(command, args, { env, okCodes = [0] } = {}) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const ms = performance.now() - started;
  if (!okCodes.includes(code)) throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${stderr}`);
  return { ms, code, stdout };
}

/**
 * Spawns a server and polls `url` (a fresh connection every 2 ms) until it answers 200. Returns the
 * milliseconds from spawn to that answer, the child's memory from /proc, and a `stop` that ends it.
 */
export async function timeUntilHealthy(command, args, { env, url, timeoutMs = 180_000 }) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = signal ?? code;
  });
  while (!(await answers200(url))) {
    if (exited !== null) throw new Error(`${args.join(' ')} exited (${exited}) before answering:\n${stderr}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    }
    await sleep(2);
  }
  const elapsed = performance.now() - started;
  const memory = await procMemory(child.pid);
  const stop = async () => {
    if (exited !== null) return;
    const done = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await done;
    clearTimeout(timer);
  };
  return { ms: elapsed, memory, stop };
}

function answers200(url) {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Resident and peak resident memory (bytes) of a process, from /proc (Linux); nulls elsewhere. */
export async function procMemory(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { rss: kb('VmRSS'), peakRss: kb('VmHWM') };
  } catch {
    return { rss: null, peakRss: null };
  }
}

/** A port nothing listens on right now (for a server that must be told its port up front). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs every measurement `runs` times, interleaved (a, b, c, a, b, c …; with `rotate`, each run starts one
 * further along: a, b, c, b, c, a …, so no measurement always follows the same one). Each measurement is
 * an async function returning milliseconds (or `{ ms, ... }`). Returns, per name, the summary and the raw
 * results (in run order).
 */
export async function repeatInterleaved(runs, measurements, log = () => {}, { rotate = false } = {}) {
  const results = Object.fromEntries(Object.keys(measurements).map((name) => [name, []]));
  const entries = Object.entries(measurements);
  for (let run = 0; run < runs; run++) {
    const shift = rotate ? run % entries.length : 0;
    for (const [name, measure] of [...entries.slice(shift), ...entries.slice(0, shift)]) {
      const value = await measure();
      results[name].push(typeof value === 'number' ? { ms: value } : value);
    }
    log(
      `  run ${run + 1}/${runs}: ${Object.entries(results)
        .map(([n, r]) => `${n} ${Math.round(r.at(-1).ms)} ms`)
        .join(', ')}`,
    );
  }
  return Object.fromEntries(
    Object.entries(results).map(([name, list]) => [
      name,
      { summary: summarize(list.map((r) => r.ms)), results: list },
    ]),
  );
}
