/**
 * A consumer's project: an empty directory outside the repository whose npm knows only the throwaway
 * registry (no project .npmrc, no workspace above it, nothing of the repository on its PATH).
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProcessResult, runProcess } from '@flagplane/test-support/process';
import { isolatedEnvironment, type RegistryConfiguration } from './npm-environment.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface CommandResult extends ProcessResult {
  /** How long it took, in seconds. */
  readonly seconds: number;
}

export class Consumer {
  constructor(
    /** The project's directory. */
    readonly directory: string,
    /** The registry it installs from; its `output`, when given, goes into the message of a failed install. */
    private readonly registry: RegistryConfiguration & { readonly output?: () => string },
  ) {}

  /** The environment of what runs here: see npm-environment.ts. */
  environment(extra: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
    return isolatedEnvironment(this.registry, extra);
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
    if (result.code !== 0) {
      const registryOutput = command === 'npm' ? this.registry.output?.().slice(-3000) : undefined;
      throw new Error(
        `\`${command} ${args.join(' ')}\` failed (exit ${result.code}) in ${this.directory}:\n${result.stdout}\n${result.stderr}` +
          (registryOutput ? `\nThe registry's output (its end):\n${registryOutput}` : ''),
      );
    }
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
export async function createConsumer(
  directory: string,
  registry: RegistryConfiguration & { readonly output?: () => string },
): Promise<Consumer> {
  await mkdir(directory, { recursive: true });
  const name = path.basename(directory);
  await writeFile(
    path.join(directory, 'package.json'),
    `${JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  return new Consumer(directory, registry);
}
