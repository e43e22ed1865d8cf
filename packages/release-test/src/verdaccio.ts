/**
 * A throwaway npm registry: Verdaccio on a free local port, with its storage and configuration in a
 * temporary directory. `@flagplane/*` lives only here (published by the release command, never looked up
 * elsewhere); every other package is proxied from the registry this machine's npm uses, as a company's
 * registry proxies the public one, so consumers install from this one registry alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@flagplane/test-support/server-process';

export interface Registry {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** An npm user configuration naming this registry for every package, with a token npm publishes with. */
  readonly npmrc: string;
  /** Verdaccio's own output so far (for a failure's message). */
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

/** The registry this machine's npm uses (npm passes it on to scripts it runs), where Verdaccio proxies from. */
function upstreamRegistry(): string {
  const configured = process.env.npm_config_registry ?? 'https://registry.npmjs.org/';
  return configured.endsWith('/') ? configured : `${configured}/`;
}

function configuration(storage: string): string {
  return [
    `storage: ${JSON.stringify(storage)}`,
    'uplinks:',
    '  upstream:',
    `    url: ${JSON.stringify(upstreamRegistry())}`,
    // Seven installs at once on a busy machine: a slow answer must not count as the registry being down
    // (by default two failures take the uplink offline for 5 minutes, and every package not fetched yet
    // becomes a 404).
    '    timeout: 5m',
    '    max_fails: 100',
    '    fail_timeout: 10s',
    'packages:',
    "  '@flagplane/*':",
    '    access: $all',
    '    publish: $all',
    "  '**':",
    '    access: $all',
    '    proxy: upstream',
    'web:',
    '  enable: false',
    'max_body_size: 50mb',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(new URL('-/ping', url))).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Verdaccio did not answer at ${url} within 30 s:\n${output()}`);
}

/** Starts Verdaccio with everything it keeps under `directory` (which must exist). */
export async function startRegistry(directory: string): Promise<Registry> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const configFile = path.join(directory, 'verdaccio.yaml');
  await writeFile(configFile, configuration(path.join(directory, 'storage')));
  const npmrc = path.join(directory, 'npmrc');
  // npm refuses to publish without credentials for the registry; Verdaccio lets anyone publish here.
  await writeFile(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=release-test\n`);

  const verdaccio = fileURLToPath(new URL('bin/verdaccio', import.meta.resolve('verdaccio/package.json')));
  const child = spawn(
    process.execPath,
    [verdaccio, '--config', configFile, '--listen', `127.0.0.1:${port}`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilAnswering(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, npmrc, output: () => output, stop };
}
