/**
 * The commands a new user runs right after `npm ci && npm run build` at the root: `npx flagplane`,
 * `npx flagplane-mock`, `npx flagplane-server`. npm links a workspace's bin at install time only when its
 * file exists, so each bin is a committed file that runs the build. CI runs this in a fresh clone right
 * after those two commands, which is the case a new user is in.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, lstat, mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@flagplane/test-support/process';
import { afterAll, describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('..', import.meta.url));
/** A workspace's version, as its package.json says (the release moves it). */
const versionOf = (directory: string): string =>
  JSON.parse(readFileSync(path.join(repository, directory, 'package.json'), 'utf8')).version;
const bins = {
  flagplane: 'packages/cli/bin/flagplane.js',
  'flagplane-mock': 'packages/mock/bin/flagplane-mock.js',
  'flagplane-server': 'server/bin/flagplane-server.js',
};
const scratch: string[] = [];

afterAll(async () => {
  for (const directory of scratch) await rm(directory, { recursive: true, force: true });
});

/** `npx --no-install <args>` at the root: npx finds the command in node_modules/.bin or fails. */
const npx = (args: string[]) =>
  runProcess('npx', ['--no-install', ...args], {
    cwd: repository,
    env: { NPM_CONFIG_UPDATE_NOTIFIER: 'false' },
  });

describe('the commands on PATH in the repository', () => {
  it.each(Object.entries(bins))('node_modules/.bin/%s is linked to a committed file', async (name, file) => {
    const link = path.join(repository, 'node_modules', '.bin', name);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await realpath(link)).toBe(path.join(repository, file));
    const tracked = execFileSync('git', ['ls-files', '--error-unmatch', file], {
      cwd: repository,
      encoding: 'utf8',
    });
    expect(tracked.trim()).toBe(file);
  });

  it('npx --no-install flagplane --version runs our CLI', async () => {
    const run = await npx(['flagplane', '--version']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(versionOf('packages/cli'));
  });

  it('npx --no-install flagplane-server --version runs our server, and starts nothing', async () => {
    const run = await npx(['flagplane-server', '--version']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(versionOf('server'));
  });

  it('npx --no-install flagplane-mock --help runs our mock', async () => {
    const run = await npx(['flagplane-mock', '--help']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('flagplane-mock');
  });

  it.each(Object.entries(bins))('%s without a build says to run npm run build', async (name, file) => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-bin-'));
    scratch.push(directory);
    await mkdir(path.join(directory, 'bin'));
    await copyFile(path.join(repository, file), path.join(directory, 'bin', path.basename(file)));
    const run = await runProcess(
      process.execPath,
      [path.join(directory, 'bin', path.basename(file)), '--version'],
      {
        cwd: directory,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`^${name}: .* is not built .*: run \`npm run build\` at the repository root\\n$`),
    );
  });

  it('are built by `npm start`, which the README has a newcomer run before them', async () => {
    const start = JSON.parse(await readFile(path.join(repository, 'package.json'), 'utf8')).scripts
      .start as string;
    // The build `npm start` runs before the server, asked what it would build (turbo's dry run builds nothing).
    const build = /^turbo (run build .*?) && /.exec(start)?.[1];
    expect(build, start).toBeDefined();
    const dryRun = await npx(['turbo', ...(build ?? '').split(/\s+/), '--dry=json']);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    const built = (JSON.parse(dryRun.stdout) as { tasks: { package: string; task: string }[] }).tasks
      .filter((task) => task.task === 'build')
      .map((task) => task.package);
    for (const file of Object.values(bins)) {
      const manifest = path.join(repository, path.dirname(path.dirname(file)), 'package.json');
      expect(built).toContain(JSON.parse(await readFile(manifest, 'utf8')).name);
    }
    expect(built).toContain('@flagplane/console');
  });
});
