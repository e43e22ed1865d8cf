/**
 * TEST CODE ONLY: a stand-in for `terraform apply` / `terraform destroy` on a stack of null_resources,
 * because Terraform cannot be installed here. It follows Terraform's semantics for what the constructs
 * rely on, and nothing more:
 *
 * - plan: a resource missing from the state is created; one whose evaluated triggers differ from the
 *   state (or refer to a resource being created or replaced, so are unknown), or that is tainted, is
 *   replaced (destroy, then create); one in the state whose block is gone is deleted WITHOUT running its
 *   destroy provisioners (its configuration, provisioners included, no longer exists).
 * - apply: every destroy first, dependents before their dependencies; then every create, dependencies
 *   first. Destroy-time provisioners see only `self` (the instance in the state); creation-time ones see
 *   `self` and other resources' ids. A failing provisioner stops the apply unless its `on_failure` is
 *   `continue`; a failed creation-time provisioner leaves the resource tainted.
 * - provisioners run as `/bin/sh -c <command>` in the stack directory (Terraform's working directory),
 *   with the environment Terraform runs in plus the provisioner's `environment`.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ConfiguredResource, type Provisioner, readStackDocument } from './stack-document.js';
import { type Evaluated, evaluateTemplate, unknownValue } from './template.js';

interface Instance {
  readonly id: string;
  readonly triggers: Record<string, string>;
  readonly dependencies: readonly string[];
  readonly tainted?: boolean;
}
type State = Record<string, Instance>;

export type Action = 'create' | 'replace' | 'delete';
export interface PlannedChange {
  readonly address: string;
  readonly action: Action;
}
export interface ProvisionerRun {
  readonly address: string;
  readonly when: 'create' | 'destroy';
  readonly command: string;
  readonly code: number | null;
  readonly output: string;
}
export interface ApplyResult {
  readonly changes: readonly PlannedChange[];
  readonly runs: readonly ProvisionerRun[];
}

export class ProvisionerFailure extends Error {
  constructor(readonly run: ProvisionerRun) {
    super(`${run.address}: ${run.when} provisioner failed (exit ${run.code}):\n${run.output}`);
  }
}

export class TerraformSimulator {
  constructor(
    private readonly stackDirectory: string,
    /** The environment Terraform runs in (the token lives here, never in the stack). */
    private readonly environment: Readonly<Record<string, string>>,
    /** Every provisioner's output is appended here, as Terraform's log would hold it. */
    private readonly logFile: string,
  ) {}

  plan(): PlannedChange[] {
    const { resources } = readStackDocument(this.stackDirectory);
    const state = this.readState();
    const changes = new Map<string, Action>();
    for (const address of dependencyOrder(resources)) {
      const configured = resources.get(address)!;
      const instance = state[address];
      if (!instance) changes.set(address, 'create');
      else if (
        instance.tainted ||
        !sameTriggers(this.evaluateTriggers(configured, state, changes), instance.triggers)
      )
        changes.set(address, 'replace');
    }
    for (const address of Object.keys(state)) if (!resources.has(address)) changes.set(address, 'delete');
    return [...changes].map(([address, action]) => ({ address, action }));
  }

  async apply(): Promise<ApplyResult> {
    const { resources } = readStackDocument(this.stackDirectory);
    const changes = this.plan();
    const runs: ProvisionerRun[] = [];
    const state = this.readState();
    const destroyed = changes.filter((change) => change.action !== 'create').map((change) => change.address);
    for (const address of destroyOrder(destroyed, state)) {
      const configured =
        changes.find((change) => change.address === address)?.action === 'replace'
          ? resources.get(address)
          : undefined; // a deleted block has no provisioners any more
      await this.destroyInstance(address, configured, state, runs);
    }
    const created = new Set(
      changes.filter((change) => change.action !== 'delete').map((change) => change.address),
    );
    for (const address of dependencyOrder(resources).filter((candidate) => created.has(candidate))) {
      await this.createInstance(resources.get(address)!, state, runs);
    }
    return { changes, runs };
  }

  /** `terraform destroy`: every instance, dependents first, with the destroy provisioners of the current configuration. */
  async destroy(): Promise<ApplyResult> {
    const { resources } = readStackDocument(this.stackDirectory);
    const state = this.readState();
    const runs: ProvisionerRun[] = [];
    const addresses = destroyOrder(Object.keys(state), state);
    for (const address of addresses) await this.destroyInstance(address, resources.get(address), state, runs);
    return { changes: addresses.map((address) => ({ address, action: 'delete' as const })), runs };
  }

  private async destroyInstance(
    address: string,
    configured: ConfiguredResource | undefined,
    state: State,
    runs: ProvisionerRun[],
  ): Promise<void> {
    const instance = state[address]!;
    for (const provisioner of configured?.provisioners.filter((candidate) => candidate.when === 'destroy') ??
      []) {
      const run = await this.runProvisioner(address, provisioner, (reference) =>
        selfReference(reference, instance),
      );
      runs.push(run);
      if (run.code !== 0 && provisioner.onFailure === 'fail') throw new ProvisionerFailure(run);
    }
    delete state[address];
    this.writeState(state);
  }

  private async createInstance(
    configured: ConfiguredResource,
    state: State,
    runs: ProvisionerRun[],
  ): Promise<void> {
    const triggers = this.evaluateTriggers(configured, state, new Map());
    if (triggers === unknownValue) throw new Error(`${configured.address}: triggers still unknown at create`);
    const instance: Instance = {
      id: String(randomInt(1, 2 ** 47)),
      triggers,
      dependencies: configured.dependencies,
    };
    state[configured.address] = instance;
    this.writeState(state);
    for (const provisioner of configured.provisioners.filter((candidate) => candidate.when === 'create')) {
      const run = await this.runProvisioner(configured.address, provisioner, (reference) =>
        reference.startsWith('self.')
          ? selfReference(reference, instance)
          : resourceId(reference, state, new Map()),
      );
      runs.push(run);
      if (run.code !== 0 && provisioner.onFailure === 'fail') {
        state[configured.address] = { ...instance, tainted: true };
        this.writeState(state);
        throw new ProvisionerFailure(run);
      }
    }
  }

  private evaluateTriggers(
    configured: ConfiguredResource,
    state: State,
    changes: ReadonlyMap<string, Action>,
  ): Record<string, string> | typeof unknownValue {
    const evaluated: Record<string, string> = {};
    for (const [key, template] of Object.entries(configured.triggers)) {
      const value = evaluateTemplate(template, (reference) => resourceId(reference, state, changes));
      if (value === unknownValue) return unknownValue;
      evaluated[key] = value;
    }
    return evaluated;
  }

  private runProvisioner(
    address: string,
    provisioner: Provisioner,
    resolve: (reference: string) => Evaluated,
  ): Promise<ProvisionerRun> {
    const environment: Record<string, string> = { ...this.environment };
    for (const [key, template] of Object.entries(provisioner.environment)) {
      const value = evaluateTemplate(template, resolve);
      if (value === unknownValue) throw new Error(`${address}: provisioner environment ${key} is unknown`);
      environment[key] = value;
    }
    const command = evaluateTemplate(provisioner.command, resolve) as string;
    return new Promise((resolveRun, reject) => {
      const child = spawn('/bin/sh', ['-c', command], {
        cwd: path.resolve(this.stackDirectory, provisioner.workingDirectory ?? '.'),
        env: environment,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', reject);
      child.on('close', (code) => {
        appendFileSync(this.logFile, `${address} (${provisioner.when}): ${command}\n${output}\n`);
        resolveRun({ address, when: provisioner.when, command, code, output });
      });
    });
  }

  private statePath(): string {
    return readStackDocument(this.stackDirectory).statePath;
  }

  readState(): State {
    const file = this.statePath();
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { resources: State }).resources : {};
  }

  private writeState(state: State): void {
    const file = this.statePath();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ resources: state }, null, 2)}\n`);
  }
}

function selfReference(reference: string, instance: Instance): Evaluated {
  const trigger = /^self\.triggers\.([\w-]+)$/.exec(reference);
  if (trigger) {
    const value = instance.triggers[trigger[1]!];
    if (value === undefined) throw new Error(`self has no trigger ${trigger[1]}`);
    return value;
  }
  if (reference === 'self.id') return instance.id;
  throw new Error(`reference not supported by the test harness: ${reference}`);
}

function resourceId(reference: string, state: State, changes: ReadonlyMap<string, Action>): Evaluated {
  const match = /^(null_resource\.[\w-]+)\.id$/.exec(reference);
  if (!match)
    throw new Error(`reference not supported here (only self in destroy provisioners): ${reference}`);
  const address = match[1]!;
  const action = changes.get(address);
  if (action === 'create' || action === 'replace') return unknownValue;
  const instance = state[address];
  if (!instance) throw new Error(`${address} is not in the state`);
  return instance.id;
}

function sameTriggers(
  evaluated: Record<string, string> | typeof unknownValue,
  stored: Record<string, string>,
) {
  if (evaluated === unknownValue) return false;
  const keys = Object.keys(evaluated);
  return keys.length === Object.keys(stored).length && keys.every((key) => evaluated[key] === stored[key]);
}

/** Dependencies before dependents (Terraform's creation order). */
function dependencyOrder(resources: ReadonlyMap<string, ConfiguredResource>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (address: string) => {
    if (ordered.includes(address)) return;
    if (visiting.has(address)) throw new Error(`dependency cycle through ${address}`);
    visiting.add(address);
    for (const dependency of resources.get(address)?.dependencies ?? [])
      if (resources.has(dependency)) visit(dependency);
    visiting.delete(address);
    ordered.push(address);
  };
  for (const address of [...resources.keys()].sort()) visit(address);
  return ordered;
}

/** Dependents before their dependencies, from the dependencies recorded in the state (Terraform's destroy order). */
function destroyOrder(addresses: readonly string[], state: State): string[] {
  const selected = new Set(addresses);
  const dependents = (address: string) =>
    [...selected].filter((candidate) => state[candidate]?.dependencies.includes(address));
  const ordered: string[] = [];
  const visit = (address: string) => {
    if (ordered.includes(address)) return;
    for (const dependent of dependents(address)) visit(dependent);
    ordered.push(address);
  };
  for (const address of [...selected].sort()) visit(address);
  return ordered;
}
