/**
 * The command line of the built server: `--help`, `--version`, and anything else refused. None of them
 * starts a server or touches a file (each runs in an empty directory, where the default data file would go).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mainScript } from './support/built-server.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-command-line-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

async function run(...args: string[]): Promise<{ code: number | string; server: RunningServer }> {
  const server = await startServerProcess({ mainScript, env: {}, args, cwd: directory });
  const listening = await fetch(`${server.baseUrl}/healthz`).then(
    () => true,
    () => false,
  );
  if (listening) server.process.kill('SIGKILL');
  const code = await server.exited;
  expect(listening, 'a server started').toBe(false);
  // Nothing was written: no `.flagplane/` in the working directory.
  expect(await readdir(directory)).toEqual([]);
  return { code, server };
}

const variables = {
  PORT: '4000',
  HOST: '127.0.0.1',
  FLAGPLANE_DATA: '.flagplane/data.json',
  FLAGPLANE_IDENTITIES: 'none',
  FLAGPLANE_RATE_LIMIT: '600',
  FLAGPLANE_RATE_WINDOW_SECONDS: '60',
  FLAGPLANE_BASE_URL: 'http://HOST:PORT',
  LOG_LEVEL: 'info',
};

describe('flagplane-server on the command line', () => {
  it.each(['--help', '-h'])('%s says what the server is, how to run it and every variable', async (flag) => {
    const { code, server } = await run(flag);
    expect(code).toBe(0);
    const help = server.stdout();
    expect(help).toMatch(/^flagplane-server: the Flagplane reference server/);
    expect(help).toContain('Usage:');
    for (const [name, fallback] of Object.entries(variables)) {
      const line = help.split('\n').find((text) => text.trimStart().startsWith(`${name} `));
      expect(line, `${name} in\n${help}`).toBeDefined();
      expect(line).toContain(fallback);
      expect(line!.split(fallback)[1]!.trim(), `${name} has a meaning`).not.toBe('');
    }
    expect(help).toContain('fatal, error, warn, info, debug, trace or silent');
    expect(server.stderr()).toBe('');
  });

  it('--version prints the version of the package', async () => {
    const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    const { code, server } = await run('--version');
    expect(code).toBe(0);
    expect(server.stdout()).toBe(`${version}\n`);
  });

  it.each([['--port', '5'], ['serve'], ['-p']])(
    'refuses %s in one line pointing at the environment and --help',
    async (...args) => {
      const { code, server } = await run(...args);
      expect(code).toBe(2);
      const message = server.stderr();
      expect(message.trimEnd().split('\n'), message).toHaveLength(1);
      expect(message).toContain(`"${args[0]}"`);
      expect(message).toContain('environment');
      expect(message).toContain('--help');
      expect(server.stdout()).toBe('');
    },
  );
});
