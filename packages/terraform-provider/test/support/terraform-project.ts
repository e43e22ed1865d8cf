/**
 * Terraform itself on a configuration directory, with the provider installed the way users install it
 * (`terraform-provider-flagplane install --dir <mirror>`) and a CLI configuration that takes it from that
 * filesystem mirror and nothing from the network. Results are read from Terraform's `-json` output.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '@flagplane/test-support/process';
import { runTerraform } from '@flagplane/test-support/terraform';

export const bundle = new URL('../../dist/terraform-provider-flagplane.js', import.meta.url).pathname;

export interface Installation {
  readonly root: string;
  readonly cliConfig: string;
  readonly installOutput: string;
}

/** Installs the built provider into a fresh mirror; the CLI configuration allows nothing else. */
export async function installProvider(): Promise<Installation> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'flagplane-terraform-'));
  const mirror = path.join(root, 'mirror');
  const run = await runProcess(process.execPath, [bundle, 'install', '--dir', mirror]);
  if (run.code !== 0) throw new Error(`install failed: ${run.stderr}`);
  const cliConfig = path.join(root, 'terraformrc');
  writeFileSync(
    cliConfig,
    `provider_installation {\n  filesystem_mirror {\n    path    = ${JSON.stringify(mirror)}\n    include = ["registry.terraform.io/flagplane/flagplane"]\n  }\n}\n`,
  );
  return { root, cliConfig, installOutput: run.stdout };
}

export interface Diagnostic {
  readonly severity: string;
  readonly summary: string;
  readonly detail?: string;
  readonly address?: string;
  readonly range?: { readonly filename: string; readonly start: { readonly line: number } };
  readonly snippet?: { readonly code?: string };
}

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly messages: readonly Record<string, unknown>[];
  readonly diagnostics: readonly Diagnostic[];
  /** `planned_change` / `resource_drift` / `apply_complete` … messages, as `<action> <address>`. */
  readonly changes: readonly string[];
}

export class TerraformDirectory {
  readonly directory: string;

  constructor(
    installation: Installation,
    name: string,
    private readonly environment: Record<string, string>,
  ) {
    this.directory = path.join(installation.root, name);
    mkdirSync(this.directory, { recursive: true });
    this.environment = { ...environment, TF_CLI_CONFIG_FILE: installation.cliConfig };
  }

  write(configuration: string): void {
    writeFileSync(path.join(this.directory, 'main.tf'), configuration);
  }

  async run(args: readonly string[], extraEnvironment: Record<string, string> = {}): Promise<Run> {
    const result = await runTerraform(args, {
      cwd: this.directory,
      env: { ...this.environment, ...extraEnvironment },
    });
    const messages = parseOutput(args, result.stdout);
    const diagnostics = messages.flatMap((message) =>
      message.diagnostic
        ? [message.diagnostic as Diagnostic]
        : ((message.diagnostics as Diagnostic[] | undefined) ?? []),
    );
    const changes = messages
      .filter((message) => message.type === 'planned_change')
      .map((message) => {
        const change = message.change as { action: string; resource: { addr: string } };
        return `${change.action} ${change.resource.addr}`;
      })
      .sort();
    return { ...result, messages, diagnostics, changes };
  }

  /** Runs and fails with Terraform's own words when it fails. */
  async succeed(args: readonly string[], extraEnvironment: Record<string, string> = {}): Promise<Run> {
    const run = await this.run(args, extraEnvironment);
    if (run.code !== 0) {
      const errors = run.diagnostics.map((diagnostic) => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`);
      throw new Error(
        `terraform ${args.join(' ')} exited ${run.code}:\n${errors.join('\n') || run.stderr || run.stdout}`,
      );
    }
    return run;
  }
}

/**
 * Terraform's `-json` output: one JSON object per line (plan, apply, init…), or one pretty-printed
 * document (`validate -json`, `output -json`).
 */
function parseOutput(args: readonly string[], stdout: string): Record<string, unknown>[] {
  try {
    const document = JSON.parse(stdout) as unknown;
    return typeof document === 'object' && document !== null && !Array.isArray(document)
      ? [document as Record<string, unknown>]
      : [];
  } catch {
    // Not one document: lines.
  }
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`terraform ${args.join(' ')} printed a line that is not JSON: ${line}`);
      }
    });
}

/** The 1-based line of the first line of `text` holding `needle`. */
export function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`"${needle}" is not in the configuration`);
  return index + 1;
}
