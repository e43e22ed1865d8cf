/** Synthesizes a stack declared by `declare` into a fresh directory and returns its `cdk.tf.json`. */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, LocalBackend, TerraformStack } from 'cdktf';
import { Flagplane, FlagplaneCli, type FlagplaneProps } from '../src/index.js';

export interface SynthesizedStack {
  readonly text: string;
  readonly json: { resource: { null_resource: Record<string, NullResourceJson> } };
}

export interface NullResourceJson {
  triggers: Record<string, string>;
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

export function synthesizeStack(
  declare: (stack: TerraformStack, flagplane: Flagplane, directory: string) => void,
  options: { directory?: string; flagplane?: Partial<FlagplaneProps> } = {},
): SynthesizedStack {
  const directory = options.directory ?? mkdtempSync(path.join(os.tmpdir(), 'flagplane-cdktf-'));
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
  const text = readFileSync(path.join(directory, 'cdktf.out', 'stacks', 'flags', 'cdk.tf.json'), 'utf8');
  return { text, json: JSON.parse(text) };
}

/** The resource whose logical id starts with `prefix` (ids end with a hash of the construct path). */
export function resourceNamed(stack: SynthesizedStack, prefix: string): NullResourceJson {
  const entry = Object.entries(stack.json.resource.null_resource).find(([name]) => name.startsWith(prefix));
  if (!entry) throw new Error(`no resource ${prefix}*`);
  return entry[1];
}
