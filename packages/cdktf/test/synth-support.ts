/**
 * Synthesizes a stack declared by `declare` into a fresh directory and returns its `cdk.tf.json`. Every
 * stack synthesized here is also synthesized with the other backing resource, and Terraform checks both
 * after the test (`test/terraform-checks.ts`): a stack Terraform refuses fails the test that made it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queueStackCheck } from '@flagplane/test-support/terraform';
import { App, LocalBackend, TerraformStack } from 'cdktf';
import { Flagplane, FlagplaneCli, type FlagplaneProps } from '../src/index.js';

type BackingResource = NonNullable<FlagplaneProps['backingResource']>;

export interface SynthesizedStack {
  readonly text: string;
  readonly backingResource: BackingResource;
  readonly json: { resource: Record<string, Record<string, ResourceJson>> } & Record<string, unknown>;
}

export interface ResourceJson {
  /** null_resource (the tests read this variant's triggers; terraform_data's are `triggers_replace`). */
  triggers: Record<string, string>;
  triggers_replace?: Record<string, string>;
  depends_on?: string[];
  provisioner: {
    'local-exec': {
      command: string;
      when?: string;
      on_failure?: string;
      environment: Record<string, string>;
    };
  }[];
}

type Declaration = (stack: TerraformStack, flagplane: Flagplane, directory: string) => void;

export function synthesizeStack(
  declare: Declaration,
  options: { directory?: string; flagplane?: Partial<FlagplaneProps> } = {},
): SynthesizedStack {
  const stack = synthesizeOnce(declare, options);
  const other: BackingResource =
    stack.backingResource === 'null_resource' ? 'terraform_data' : 'null_resource';
  synthesizeOnce(declare, { flagplane: { ...options.flagplane, backingResource: other } });
  return stack;
}

function synthesizeOnce(
  declare: Declaration,
  options: { directory?: string; flagplane?: Partial<FlagplaneProps> },
): SynthesizedStack {
  // A directory made here is removed once the stack is read (queueStackCheck copies it first); one the
  // caller passed stays theirs to read.
  const madeHere = options.directory === undefined;
  const directory = options.directory ?? mkdtempSync(path.join(os.tmpdir(), 'flagplane-cdktf-'));
  try {
    return synthesizeInto(directory, declare, options);
  } finally {
    if (madeHere) rmSync(directory, { recursive: true, force: true });
  }
}

function synthesizeInto(
  directory: string,
  declare: Declaration,
  options: { flagplane?: Partial<FlagplaneProps> },
): SynthesizedStack {
  const app = new App({ outdir: path.join(directory, 'cdktf.out') });
  const stack = new TerraformStack(app, 'flags');
  new LocalBackend(stack, { path: 'terraform.tfstate' });
  const flagplane = new Flagplane(stack, 'Flagplane', {
    organization: 'acme',
    cli: FlagplaneCli.onPath(),
    ...options.flagplane,
  });
  declare(stack, flagplane, directory);
  app.synth();
  const stackDirectory = path.join(directory, 'cdktf.out', 'stacks', 'flags');
  queueStackCheck(stackDirectory);
  const text = readFileSync(path.join(stackDirectory, 'cdk.tf.json'), 'utf8');
  return { text, json: JSON.parse(text), backingResource: flagplane.backingResource };
}

/** The resources of the stack's backing type, by logical id. */
export function resourcesOf(stack: SynthesizedStack): Record<string, ResourceJson> {
  return stack.json.resource[stack.backingResource] ?? {};
}

/** The resource whose logical id starts with `prefix` (ids end with a hash of the construct path). */
export function resourceNamed(stack: SynthesizedStack, prefix: string): ResourceJson {
  const entry = Object.entries(resourcesOf(stack)).find(([name]) => name.startsWith(prefix));
  if (!entry) throw new Error(`no resource ${prefix}*`);
  return entry[1];
}

/** The desired spec a configuration or identity resource carries in its `spec` trigger, parsed. */
export function specOf(stack: SynthesizedStack, prefix: string) {
  const spec = resourceNamed(stack, prefix).triggers.spec;
  if (spec === undefined) throw new Error(`resource ${prefix}* has no spec trigger`);
  return JSON.parse(spec);
}

/** The spec a resource's first provisioner hands the CLI in FLAGPLANE_SPEC, parsed. */
export function provisionerSpecOf(stack: SynthesizedStack, prefix: string) {
  const spec = resourceNamed(stack, prefix).provisioner[0]?.['local-exec'].environment.FLAGPLANE_SPEC;
  if (spec === undefined) throw new Error(`resource ${prefix}* hands its provisioner no FLAGPLANE_SPEC`);
  return JSON.parse(spec);
}
