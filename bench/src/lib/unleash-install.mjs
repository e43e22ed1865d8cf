/**
 * Unleash, the peer of the `unleash-peer` scenario, installed on demand with npm into a cache directory
 * outside the workspace (never in a package.json or the lockfile: nothing else needs it, and it brings
 * some 430 packages). The first run installs it (about a minute and a half here); later runs find it.
 *
 * `npm install --ignore-scripts`: Unleash needs none of its install scripts at run time (they are
 * telemetry (@scarf/scarf), a git-hook installer (husky), a notice (es5-ext) and ssh2's optional native
 * speed-up, unused by a server that opens no SSH connection).
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The version measured: a current major, pinned so that runs compare like with like. */
export const UNLEASH_VERSION = '8.2.0';

const INSTALL_TIMEOUT_MS = 10 * 60_000;

/** `$XDG_CACHE_HOME/flagplane/bench` (default `~/.cache/flagplane/bench`). */
export function benchCacheDir() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'flagplane', 'bench');
}

/** The installed version in `dir`, or null when nothing (complete) is there. */
async function installedVersion(dir) {
  try {
    const manifest = join(dir, 'node_modules', 'unleash-server', 'package.json');
    return JSON.parse(await readFile(manifest, 'utf8')).version;
  } catch {
    return null;
  }
}

/**
 * The directory holding `node_modules/unleash-server` at `version`, installing it first when the cache
 * does not have it. The install goes to a scratch directory renamed into place when npm succeeded, so an
 * interrupted or failed install never leaves a half-filled cache behind.
 * @returns {Promise<{ dir: string, installed: boolean, seconds: number }>} `installed`: installed now
 */
export async function ensureUnleash({ version = UNLEASH_VERSION, log = () => {} } = {}) {
  const dir = join(benchCacheDir(), `unleash-${version}`);
  if ((await installedVersion(dir)) === version) return { dir, installed: false, seconds: 0 };
  const started = performance.now();
  const partial = `${dir}.partial-${process.pid}`;
  await removeAbandoned(`unleash-${version}.partial-`);
  await mkdir(partial, { recursive: true });
  try {
    await writeFile(join(partial, 'package.json'), '{ "private": true }\n');
    log(`  installing unleash-server@${version} into ${dir} (npm install --ignore-scripts) …`);
    await npmInstall(partial, `unleash-server@${version}`);
    const got = await installedVersion(partial);
    if (got !== version) throw new Error(`npm installed unleash-server ${got}, not ${version}`);
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return { dir, installed: true, seconds: (performance.now() - started) / 1000 };
}

/** Scratch installs of runs that were killed mid-install (their process is gone), and this run's own. */
async function removeAbandoned(prefix) {
  const entries = await readdir(benchCacheDir()).catch(() => []);
  for (const entry of entries) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length));
    if (pid !== process.pid && processAlive(pid)) continue;
    await rm(join(benchCacheDir(), entry), { recursive: true, force: true });
  }
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** `npm install` of one package in `cwd`; rejects with npm's last words when it fails. */
function npmInstall(cwd, spec) {
  const args = [
    'install',
    // Here, whatever the npm that runs the bench passes down (npm_config_local_prefix is the workspace).
    `--prefix=${cwd}`,
    '--ignore-scripts',
    '--omit=dev',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    spec,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTALL_TIMEOUT_MS);
    const fail = (why) =>
      reject(
        new Error(
          `installing ${spec} failed (${[why, ...npmErrorLines(stderr)].join('; ')}): the unleash-peer ` +
            `scenario needs the npm registry once, to fill ${benchCacheDir()}`,
        ),
      );
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(`npm could not start: ${error.message}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        fail(
          signal === 'SIGKILL'
            ? `no answer in ${INSTALL_TIMEOUT_MS / 60_000} minutes`
            : `npm exited ${signal ?? code}`,
        );
    });
  });
}

/** npm's error code and first message (not its stack, its log's path or its proxy advice), one line each. */
function npmErrorLines(stderr) {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^npm (error|ERR!)/, '').trim())
    .filter(Boolean);
  const code = lines.find((line) => line.startsWith('code '));
  const message = lines.find(
    (line) => line !== code && !/^(at |A complete log|If you are behind|errno |syscall |[{}])/.test(line),
  );
  return [code, message].filter(Boolean);
}
