/**
 * Turns one declared resource into its two Terraform resources (null_resource or terraform_data):
 *
 * - identity: triggers = the immutable identity only, so it is replaced only by a real re-creation (a
 *   new key). Create: `flagplane resource ensure` (creates it when missing, adopts it when it exists).
 *   Destroy: `flagplane resource remove` (the removal policy).
 * - configuration: triggers = the identity resource's id and the canonical JSON of the whole mutable
 *   spec; depends on the identity and on whatever the spec refers to. Create: `flagplane resource
 *   configure`. No destroy provisioner: a changed spec replaces only this resource, so an update never
 *   removes anything and never leaves a moment without the resource.
 *
 * Specs reach the CLI through the provisioner's environment (never spliced into the shell command), and
 * the token only through `FLAGPLANE_TOKEN` in the environment Terraform runs in.
 */
import type { ResourceKind } from '@flagplane/contract';
import type { ResourceSpecs } from './resource-specs.js';
import { selfTrigger, templateLiteral } from './terraform-template.js';
import type { WiredResource } from './wired-resource.js';

export interface ProvisionerSettings {
  /** How to start the CLI (relative to the stack's directory). */
  readonly cli: string;
  /** Extra environment every provisioner gets (`FLAGPLANE_BASE_URL`). */
  readonly environment: Readonly<Record<string, string>>;
  /** `on_failure` of destroy-time provisioners. */
  readonly onRemovalFailure: 'fail' | 'continue';
}

/** The CLI's `--kind` spelling of each kind. */
const kindArgument: Record<ResourceKind, string> = {
  project: 'project',
  environment: 'environment',
  segment: 'segment',
  flag: 'flag',
  sdkKey: 'sdk-key',
};

/**
 * Removals the API refuses in a state the stack reaches on its own, whose resource then goes with its
 * project: the last environment of a project (a project always keeps one; all of them go only when the
 * project goes too), and a segment still used by the rules of a flag that was archived (archiving keeps
 * a flag's rules). Failing there would stop `cdktf destroy` for good, so these removals may fail
 * (`on_failure = continue`) and the resource stays until its project is deleted.
 */
const removalMayFail: ReadonlySet<ResourceKind> = new Set(['environment', 'segment']);

export function wireResource(
  kind: ResourceKind,
  identity: WiredResource,
  configuration: WiredResource,
  specs: ResourceSpecs,
  dependencies: {
    readonly identity: readonly WiredResource[];
    readonly configuration: readonly WiredResource[];
  },
  settings: ProvisionerSettings,
): void {
  const command = (verb: string) => `${settings.cli} resource ${verb} --kind ${kindArgument[kind]}`;
  identity.setTriggers(mapValues(specs.identityTriggers, templateLiteral));
  identity.provisioners = [
    {
      type: 'local-exec',
      command: command('ensure'),
      environment: { ...settings.environment, FLAGPLANE_SPEC: templateLiteral(specs.ensureSpec) },
    },
    {
      type: 'local-exec',
      when: 'destroy',
      command: command('remove'),
      environment: { ...settings.environment, FLAGPLANE_SPEC: specs.removalTemplate },
    },
  ];
  setRemovalFailure(identity, 1, removalMayFail.has(kind) ? 'continue' : settings.onRemovalFailure);
  identity.dependsOn = dependencyReferences(dependencies.identity);

  configuration.setTriggers({
    identity: `${'$'}{${identity.address}.id}`,
    spec: templateLiteral(specs.configureSpec),
  });
  configuration.provisioners = [
    {
      type: 'local-exec',
      command: command('configure'),
      environment: {
        ...settings.environment,
        FLAGPLANE_SPEC: selfTrigger(configuration.triggersAttribute, 'spec'),
      },
    },
  ];
  configuration.dependsOn = dependencyReferences([identity, ...dependencies.configuration]);
}

/** `local-exec` has no `on_failure` in CDKTF's types; Terraform's default is `fail`, so only `continue` is written. */
export function setRemovalFailure(
  resource: WiredResource,
  provisionerIndex: number,
  onFailure: 'fail' | 'continue',
): void {
  if (onFailure === 'continue')
    resource.addOverride(`provisioner.${provisionerIndex}.local-exec.on_failure`, 'continue');
}

/**
 * `depends_on` entries: bare references (`null_resource.x`). Terraform refuses an interpolation there
 * (`"${null_resource.x}"`: "A single static variable reference is required").
 */
export function dependencyReferences(resources: readonly WiredResource[]): string[] {
  return Array.from(new Set(resources), (resource) => resource.address);
}

function mapValues(
  record: Readonly<Record<string, string>>,
  map: (value: string) => string,
): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const key of Object.keys(record)) mapped[key] = map(record[key] as string);
  return mapped;
}
