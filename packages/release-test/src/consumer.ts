/**
 * A consumer's project: an empty directory outside the repository whose npm knows only the throwaway
 * registry (its user configuration, no project .npmrc, no workspace above it).
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProcessResult, runProcess } from '@flagplane/test-support/process';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
/** The repository this test runs in: none of its folders may be on a consumer's PATH. */
const repository = fileURLToPath(new URL('../../../', import.meta.url));

export interface CommandResult extends ProcessResult {
  /** How long it took, in seconds. */
  readonly seconds: number;
}

export class Consumer {
  constructor(
    /** The project's directory. */
    readonly directory: string,
    /** The npm user configuration naming the registry. */
    private readonly npmrc: string,
  ) {}

  /**
   * The environment npm and the programs run here get: this machine's, less what npm passes to the scripts
   * it runs (`npm test` runs this test: its `npm_config_*` would override the consumer's configuration)
   * and less the repository's folders on the PATH (its `node_modules/.bin`); plus this registry, no update
   * checks, no telemetry.
   */
  environment(extra: Readonly<Record<string, string | undefined>> = {}): Record<string, string | undefined> {
    const inherited = Object.entries(process.env).filter(
      ([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD',
    );
    const searchPath = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((entry) => !path.resolve(entry).startsWith(repository))
      .join(path.delimiter);
    return {
      ...Object.fromEntries(inherited),
      PATH: searchPath,
      NPM_CONFIG_USERCONFIG: this.npmrc,
      NPM_CONFIG_UPDATE_NOTIFIER: 'false',
      NPM_CONFIG_FUND: 'false',
      NPM_CONFIG_AUDIT: 'false',
      CHECKPOINT_DISABLE: '1',
      ...extra,
    };
  }

  /** Runs a command in the project; a non-zero exit is returned, not thrown. */
  async run(
    command: string,
    args: readonly string[],
    env: Readonly<Record<string, string | undefined>> = {},
  ): Promise<CommandResult> {
    const started = performance.now();
    const result = await runProcess(command, args, {
      cwd: this.directory,
      env: this.environment(env),
      inheritEnvironment: false,
    });
    return { ...result, seconds: (performance.now() - started) / 1000 };
  }

  /** Runs a command and throws with its output when it fails. */
  async mustRun(
    command: string,
    args: readonly string[],
    env: Readonly<Record<string, string | undefined>> = {},
  ): Promise<CommandResult> {
    const result = await this.run(command, args, env);
    if (result.code !== 0)
      throw new Error(
        `\`${command} ${args.join(' ')}\` failed (exit ${result.code}) in ${this.directory}:\n${result.stdout}\n${result.stderr}`,
      );
    return result;
  }

  /**
   * `npm install` of `packages`. `--prefer-offline`: npm's cache answers for third-party packages it
   * already holds; ours are new on every run (a new registry address each time).
   */
  install(packages: readonly string[], options: { readonly global?: boolean } = {}): Promise<CommandResult> {
    const args = ['install', '--prefer-offline', '--no-audit', '--no-fund', ...packages];
    return this.mustRun('npm', options.global ? ['--global', '--prefix', this.directory, ...args] : args);
  }

  /** Copies `fixtures/<name>/` into the project. */
  async addFixture(name: string): Promise<void> {
    await cp(path.join(fixtures, name), this.directory, { recursive: true });
  }

  async writeFile(name: string, content: string): Promise<void> {
    await mkdir(path.dirname(path.join(this.directory, name)), { recursive: true });
    await writeFile(path.join(this.directory, name), content);
  }
}

/** A new consumer project in `directory` with a package.json of its own (ESM). */
export async function createConsumer(directory: string, npmrc: string): Promise<Consumer> {
  await mkdir(directory, { recursive: true });
  const name = path.basename(directory);
  await writeFile(
    path.join(directory, 'package.json'),
    `${JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  return new Consumer(directory, npmrc);
}
