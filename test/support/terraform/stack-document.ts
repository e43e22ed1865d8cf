/**
 * TEST CODE ONLY (Terraform stand-in). Reads a synthesized `cdk.tf.json` into what Terraform would take
 * from it: each null_resource's triggers, provisioners (`when`, `on_failure`, environment) and
 * dependencies, and the local backend's state path. Anything the stand-in does not model (another
 * resource type, `create_before_destroy`, other provisioners) is refused rather than half-simulated.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { referencedResources } from './template.js';

export interface Provisioner {
  readonly when: 'create' | 'destroy';
  readonly command: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly onFailure: 'fail' | 'continue';
  readonly workingDirectory?: string;
}

export interface ConfiguredResource {
  readonly address: string;
  /** Trigger templates, unevaluated. */
  readonly triggers: Readonly<Record<string, string>>;
  readonly provisioners: readonly Provisioner[];
  /** `depends_on` and the resources its triggers refer to. */
  readonly dependencies: readonly string[];
}

export interface StackDocument {
  readonly resources: ReadonlyMap<string, ConfiguredResource>;
  /** The local backend's state file, absolute. */
  readonly statePath: string;
}

type Json = Record<string, unknown>;

export function readStackDocument(stackDirectory: string): StackDocument {
  const document = JSON.parse(readFileSync(path.join(stackDirectory, 'cdk.tf.json'), 'utf8')) as Json;
  const backend = ((document.terraform as Json | undefined)?.backend as Json | undefined)?.local as
    | Json
    | undefined;
  if (!backend || typeof backend.path !== 'string') {
    throw new Error('the stack needs a local backend with a path (the harness keeps its state there)');
  }
  const resources = new Map<string, ConfiguredResource>();
  for (const [type, blocks] of Object.entries((document.resource as Json | undefined) ?? {})) {
    if (type !== 'null_resource') throw new Error(`resource type ${type} is not simulated`);
    for (const [name, block] of Object.entries(blocks as Json)) {
      resources.set(`null_resource.${name}`, configuredResource(`null_resource.${name}`, block as Json));
    }
  }
  return { resources, statePath: path.resolve(stackDirectory, backend.path) };
}

function configuredResource(address: string, block: Json): ConfiguredResource {
  if (block.lifecycle !== undefined) throw new Error(`${address}: lifecycle settings are not simulated`);
  const triggers = (block.triggers as Record<string, string> | undefined) ?? {};
  const provisioners = ((block.provisioner as Json[] | undefined) ?? []).map((entry) => {
    const [type, settings] = Object.entries(entry)[0] as [string, Json];
    if (type !== 'local-exec') throw new Error(`${address}: provisioner ${type} is not simulated`);
    return {
      when: settings.when === 'destroy' ? 'destroy' : 'create',
      command: settings.command as string,
      environment: (settings.environment as Record<string, string> | undefined) ?? {},
      onFailure: settings.on_failure === 'continue' ? 'continue' : 'fail',
      ...(typeof settings.working_dir === 'string' ? { workingDirectory: settings.working_dir } : {}),
    } satisfies Provisioner;
  });
  const dependsOn = ((block.depends_on as string[] | undefined) ?? []).map((reference) =>
    reference.replace(/^\$\{(.*)\}$/, '$1'),
  );
  const referenced = Object.values(triggers).flatMap(referencedResources);
  return { address, triggers, provisioners, dependencies: [...new Set([...dependsOn, ...referenced])] };
}
