/**
 * Terraform itself, for tests: configuration checks of a synthesized stack and real `apply` / `destroy`
 * runs whose plan, provisioner runs and errors are read from Terraform's machine-readable output
 * (`-json`), never from its human text.
 *
 * Terraform's provider registry is out of reach on the machines we test on, so `hashicorp/null` cannot
 * be downloaded: a `null_resource` stack is checked as far as `terraform init` goes (the configuration is
 * read and checked before providers are installed); a `terraform_data` stack (built in, no provider)
 * goes all the way.
 */
import { accessSync, constants, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ProcessResult, runProcess } from './process.js';

export type BackingResource = 'null_resource' | 'terraform_data';

/** The `terraform` on PATH, or undefined. */
export const terraformPath: string | undefined = findOnPath('terraform');

/**
 * Whether tests that need Terraform can run here. Where it is missing they are skipped with a message,
 * except in CI (`CI` set), which promises to run them: there a missing Terraform is an error.
 */
export function terraformAvailable(): boolean {
  if (terraformPath) return true;
  const message = 'terraform is not on PATH: the tests that run Terraform itself cannot run';
  if (process.env.CI) throw new Error(`${message} (CI must run them)`);
  console.warn(`${message}; skipped.`);
  return false;
}

/** What Terraform needs of the environment, and nothing that makes runs differ between machines. */
function baseEnvironment(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    CHECKPOINT_DISABLE: '1',
    NO_COLOR: '1',
  };
}

/** Runs terraform without blocking (a test's server may live in the same process). */
export function runTerraform(
  args: readonly string[],
  options: { cwd: string; env?: Readonly<Record<string, string>> },
): Promise<ProcessResult> {
  if (!terraformPath) return Promise.reject(new Error('terraform is not on PATH'));
  return runProcess(terraformPath, args, {
    cwd: options.cwd,
    env: { ...baseEnvironment(), ...options.env },
    inheritEnvironment: false,
  });
}

interface Diagnostic {
  readonly severity: string;
  readonly summary: string;
  readonly detail?: string;
  /** Where in the configuration, e.g. `resource.null_resource.x.depends_on`. */
  readonly snippet?: { readonly context?: string | null };
}

/** One line of Terraform's machine-readable UI output (`-json`). */
interface UiMessage {
  readonly type: string;
  readonly '@level': string;
  readonly '@message': string;
  readonly diagnostic?: Diagnostic;
  readonly change?: { readonly resource: { readonly addr: string }; readonly action: string };
  readonly hook?: {
    readonly resource: { readonly addr: string };
    readonly action?: string;
    readonly output?: string;
  };
}

function uiMessages(stdout: string): UiMessage[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as UiMessage);
}

function errorsOf(messages: readonly UiMessage[]): string[] {
  return describeErrors(messages.flatMap((message) => (message.diagnostic ? [message.diagnostic] : [])));
}

/** Error diagnostics, one line each: summary, detail and where. */
function describeErrors(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map(({ summary, detail, snippet }) =>
      [
        summary,
        detail ? `: ${detail.replace(/\s+/g, ' ')}` : '',
        snippet?.context ? ` (in ${snippet.context})` : '',
      ].join(''),
    );
}

/** What `terraform init` reports when it cannot download a provider: the configuration was read and found valid. */
const providerDownloadFailures = [
  'Failed to query available provider packages',
  'Failed to install provider',
];

export interface ConfigurationCheck {
  /** Whether Terraform accepts the configuration (as far as it can check it here). */
  readonly accepted: boolean;
  /** How far the check went: `validate`, or `init` when the provider could not be downloaded. */
  readonly checkedBy: 'validate' | 'init';
  /** Terraform's errors, one line each. */
  readonly errors: readonly string[];
}

/**
 * Terraform's own checks of a synthesized stack (`<stackDirectory>/cdk.tf.json`), in a copy of it (so the
 * stack directory gets no `.terraform`): `terraform init -backend=false`, then `terraform validate`.
 * Where `init` fails only at downloading a provider (a null_resource stack here), it has read and checked
 * the whole configuration first, and the check ends there.
 */
export async function checkStackConfiguration(stackDirectory: string): Promise<ConfigurationCheck> {
  const copy = copyOfStack(stackDirectory);
  try {
    return await checkConfigurationIn(copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const queuedChecks: string[] = [];

/**
 * Queues a synthesized stack for Terraform's configuration checks, which `checkQueuedStacks` runs (a
 * test's `afterEach`). The stack is copied now: the test may synthesize into the same directory again.
 * Without Terraform (outside CI) nothing is queued.
 */
export function queueStackCheck(stackDirectory: string): void {
  if (terraformIsAvailable()) queuedChecks.push(copyOfStack(stackDirectory));
}

/** Runs the queued checks; throws with Terraform's errors when it refuses any of the stacks. */
export async function checkQueuedStacks(): Promise<void> {
  const copies = queuedChecks.splice(0);
  const refused: string[] = [];
  try {
    for (const copy of copies) {
      const check = await checkConfigurationIn(copy);
      if (!check.accepted) refused.push(`${readStackName(copy)}:\n  ${check.errors.join('\n  ')}`);
    }
  } finally {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  }
  if (refused.length > 0) {
    throw new Error(`Terraform refuses ${refused.length} synthesized stack(s):\n${refused.join('\n')}`);
  }
}

let availability: boolean | undefined;
function terraformIsAvailable(): boolean {
  availability ??= terraformAvailable();
  return availability;
}

function copyOfStack(stackDirectory: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'flagplane-terraform-check-'));
  copyFileSync(path.join(stackDirectory, 'cdk.tf.json'), path.join(copy, 'cdk.tf.json'));
  return copy;
}

/** The stack's name and resource types, for messages. */
function readStackName(directory: string): string {
  const stack = JSON.parse(readFileSync(path.join(directory, 'cdk.tf.json'), 'utf8')) as {
    '//'?: { metadata?: { stackName?: string } };
    resource?: Record<string, unknown>;
  };
  return `stack ${stack['//']?.metadata?.stackName ?? '?'} (${Object.keys(stack.resource ?? {}).join(', ')})`;
}

async function checkConfigurationIn(directory: string): Promise<ConfigurationCheck> {
  const init = await runTerraform(['init', '-backend=false', '-json'], { cwd: directory });
  const initErrors = errorsOf(uiMessages(init.stdout));
  if (init.code !== 0) {
    const onlyDownloads =
      initErrors.length > 0 &&
      initErrors.every((error) => providerDownloadFailures.some((failure) => error.startsWith(failure)));
    return {
      accepted: onlyDownloads,
      checkedBy: 'init',
      errors: initErrors.length > 0 ? initErrors : [init.stderr || init.stdout],
    };
  }
  const validate = await runTerraform(['validate', '-json'], { cwd: directory });
  const result = JSON.parse(validate.stdout) as { valid: boolean; diagnostics: Diagnostic[] };
  return { accepted: result.valid, checkedBy: 'validate', errors: describeErrors(result.diagnostics) };
}

export type ChangeAction = 'create' | 'update' | 'replace' | 'delete' | 'read' | 'noop' | 'remove' | 'move';

export interface PlannedChange {
  readonly address: string;
  readonly action: ChangeAction;
}

export interface ProvisionerRun {
  readonly address: string;
  /** `destroy` for a provisioner run while its resource is being destroyed (`when = destroy`). */
  readonly when: 'create' | 'destroy';
  readonly succeeded: boolean;
  /** The shell command `local-exec` ran. */
  readonly command: string;
  /** What the provisioner printed. */
  readonly output: string;
}

export interface TerraformOutcome {
  readonly code: number | null;
  /** The plan Terraform applied. */
  readonly changes: readonly PlannedChange[];
  /** Every provisioner that ran, in the order they finished. */
  readonly runs: readonly ProvisionerRun[];
  /** Terraform's error diagnostics, one line each. */
  readonly errors: readonly string[];
  /** Everything Terraform printed (to look for secrets in). */
  readonly log: string;
}

/** A directory Terraform works in, with the environment it runs in (where the credentials are). */
export class TerraformWorkspace {
  constructor(
    readonly directory: string,
    private readonly environment: Readonly<Record<string, string>> = {},
  ) {}

  async init(): Promise<void> {
    const run = await this.run(['init', '-json']);
    if (run.code !== 0)
      throw new Error(`terraform init failed:\n${errorsOf(uiMessages(run.stdout)).join('\n')}`);
  }

  /** `terraform plan`: what an apply would change now (no-ops left out). */
  async plan(): Promise<PlannedChange[]> {
    const run = await this.run(['plan', '-json']);
    const messages = uiMessages(run.stdout);
    if (run.code !== 0) throw new Error(`terraform plan failed:\n${errorsOf(messages).join('\n')}`);
    return plannedChanges(messages);
  }

  apply(): Promise<TerraformOutcome> {
    return this.outcome(['apply', '-auto-approve', '-json']);
  }

  destroy(): Promise<TerraformOutcome> {
    return this.outcome(['apply', '-destroy', '-auto-approve', '-json']);
  }

  /** `terraform show -json`: the state's resource addresses. */
  async stateAddresses(): Promise<string[]> {
    const run = await this.run(['show', '-json']);
    if (run.code !== 0) throw new Error(`terraform show failed:\n${run.stderr}`);
    const state = JSON.parse(run.stdout) as {
      values?: { root_module?: { resources?: { address: string }[] } };
    };
    return (state.values?.root_module?.resources ?? []).map((resource) => resource.address).sort();
  }

  private run(args: readonly string[]): Promise<ProcessResult> {
    return runTerraform(args, { cwd: this.directory, env: this.environment });
  }

  private async outcome(args: readonly string[]): Promise<TerraformOutcome> {
    const run = await this.run(args);
    const messages = uiMessages(run.stdout);
    return {
      code: run.code,
      changes: plannedChanges(messages),
      runs: provisionerRuns(messages),
      errors: errorsOf(messages),
      log: `${run.stdout}\n${run.stderr}`,
    };
  }
}

function plannedChanges(messages: readonly UiMessage[]): PlannedChange[] {
  return messages
    .filter((message) => message.type === 'planned_change' && message.change)
    .map(({ change }) => ({
      address: change?.resource.addr ?? '',
      action: change?.action as ChangeAction,
    }))
    .filter((change) => change.action !== 'noop');
}

/**
 * Provisioner runs from the hooks: `apply_start` says whether a resource is being destroyed or created
 * (a replacement is a destroy, then a create), the `provision_*` hooks of that resource that follow belong
 * to that phase. Terraform runs resources in parallel, so hooks of different resources interleave.
 */
function provisionerRuns(messages: readonly UiMessage[]): ProvisionerRun[] {
  const phase = new Map<string, 'create' | 'destroy'>();
  const output = new Map<string, string[]>();
  const command = new Map<string, string>();
  const runs: ProvisionerRun[] = [];
  for (const message of messages) {
    const address = message.hook?.resource.addr;
    if (address === undefined) continue;
    switch (message.type) {
      case 'apply_start':
        phase.set(address, message.hook?.action === 'delete' ? 'destroy' : 'create');
        break;
      case 'provision_start':
        output.set(address, []);
        break;
      case 'provision_progress': {
        // local-exec first says what it runs, Go-quoted: `Executing: ["/bin/sh" "-c" "<command>"]`.
        const line = message.hook?.output ?? '';
        const executing = /^Executing: \[.*"((?:[^"\\]|\\.)*)"\]$/.exec(line);
        if (executing && !command.has(address))
          command.set(address, JSON.parse(`"${executing[1]}"`) as string);
        else output.get(address)?.push(line);
        break;
      }
      case 'provision_complete':
      case 'provision_errored':
        runs.push({
          address,
          when: phase.get(address) ?? 'create',
          succeeded: message.type === 'provision_complete',
          command: command.get(address) ?? '',
          output: (output.get(address) ?? []).join('\n'),
        });
        command.delete(address);
        break;
    }
  }
  return runs;
}

function findOnPath(command: string): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!directory) continue;
    const candidate = path.join(directory, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}
