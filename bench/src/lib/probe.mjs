/** Runs a probe script of src/probes in its own process and returns the JSON line it prints. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { benchRoot } from './paths.mjs';

export async function runProbe(name, options, { nodeOptions = [] } = {}) {
  const args = [...nodeOptions, join(benchRoot, 'src', 'probes', `${name}.mjs`)];
  for (const [key, value] of Object.entries(options)) args.push(`--${key}`, String(value));
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`probe ${name} exited ${code}: ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1));
}
