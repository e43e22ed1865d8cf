/**
 * The connection of a stack to one Flagplane organization, and the stack-level wiring: at synth it
 * assembles every declared resource into one desired state, validates it with the contract's validator
 * (problems shown on the constructs that caused them, all at once, before `cdk.tf.json` is written), wires
 * each resource's Terraform resources (null_resource or terraform_data), and writes the inventory.
 */
import path from 'node:path';
import { provider } from '@cdktf/provider-null';
// The desired-state part of the contract only (every runtime import of the constructs comes from there):
// a synth never needs the API's endpoint table or its OpenAPI document.
import {
  type CdktfBackingResource,
  canonicalForm,
  cdktfInventory,
  type DesiredState,
  type DesiredStateInput,
  type PathSegment,
  reconciledEnvironmentKeys,
  validateDesiredState,
} from '@flagplane/contract/desired-state';
import { Annotations, App, TerraformStack } from 'cdktf';
import { Construct, type IConstruct } from 'constructs';
import { FlagplaneCli } from './flagplane-cli.js';
import { type Assembly, assembleDesiredState } from './internal/desired-state-assembly.js';
import { wireInventory } from './internal/inventory-wiring.js';
import { problemsByConstruct } from './internal/problem-locations.js';
import { resourceDependencies } from './internal/resource-dependencies.js';
import { resourceSpecs } from './internal/resource-specs.js';
import { type ProvisionerSettings, wireResource } from './internal/resource-wiring.js';
import { createWiredResource, type StackWiring, type WiredResource } from './internal/wired-resource.js';
import type { IProject } from './project.js';
import { constructRemovalPolicies } from './removal-policy.js';

export interface FlagplaneProps {
  /** The organization, by slug (`^[a-z0-9]+(-[a-z0-9]+)*$`). */
  readonly organization: string;
  /**
   * The API address the provisioners use. It is written into the synthesized stack (it is not a secret);
   * the token never is: it only ever comes from `FLAGPLANE_TOKEN` in the environment Terraform runs in.
   * @default the `FLAGPLANE_BASE_URL` of the environment Terraform runs in
   */
  readonly baseUrl?: string;
  /**
   * How provisioners start the CLI.
   * @default FlagplaneCli.fromPackage(): `node <relative path to @flagplane/cli's bin>`, else `flagplane` on the PATH
   */
  readonly cli?: FlagplaneCli;
  /**
   * What Terraform does when a removal fails (an identity's destroy-time provisioner, or the inventory's
   * prune). `fail` stops the apply, and the removal runs again on the next one; `continue` goes on and
   * leaves the live resource as it is.
   * @default 'fail'
   */
  readonly onRemovalFailure?: 'fail' | 'continue';
  /**
   * The Terraform resource every declared resource (and the inventory) becomes. Both hold the same
   * triggers and run the same provisioners, with the same removal policies:
   * - `null_resource`: from the `hashicorp/null` provider, which `terraform init` downloads;
   * - `terraform_data`: built into Terraform 1.4 and later, so nothing is downloaded (air-gapped
   *   machines, private registries).
   *
   * Changing it on a deployed stack replaces every resource of the stack once: the configurations are
   * applied again (no change to the live state), the identities' destroy provisioners run their removal.
   * Choose it before the first deploy, or move the state (`terraform state mv` cannot change a type).
   * @default 'null_resource'
   */
  readonly backingResource?: CdktfBackingResource;
}

/** What wiring the stack found: the desired state it assembled, and the problems of each construct. */
interface WiredState {
  readonly assembly: Assembly;
  readonly problems: Map<IConstruct, string[]>;
  readonly desired?: DesiredState;
}

export class Flagplane extends Construct implements StackWiring {
  readonly organization: string;
  readonly baseUrl?: string;
  readonly cli: FlagplaneCli;
  readonly onRemovalFailure: 'fail' | 'continue';
  readonly backingResource: CdktfBackingResource;
  /** Projects in declaration order (the order of the desired state). */
  readonly projects: IProject[] = [];
  /** The stack-level resource holding every declared resource (`flagplane_inventory`). */
  readonly inventoryResource: WiredResource;

  private version = 0;
  private wiredVersion = -1;
  private state: WiredState | undefined;

  constructor(scope: Construct, id: string, props: FlagplaneProps) {
    super(scope, id);
    this.organization = props.organization;
    if (props.baseUrl !== undefined) this.baseUrl = props.baseUrl;
    this.cli = props.cli ?? FlagplaneCli.fromPackage();
    this.onRemovalFailure = props.onRemovalFailure ?? 'fail';
    this.backingResource = props.backingResource ?? 'null_resource';
    if (!(this.backingResource in cdktfInventory.triggersAttributes)) {
      throw new Error(
        `${this.node.path}: backingResource must be 'null_resource' or 'terraform_data', not ${JSON.stringify(this.backingResource)}`,
      );
    }
    const stack = TerraformStack.of(this);
    // null_resource needs the null provider; a stack that configures its own keeps it.
    if (
      this.backingResource === 'null_resource' &&
      !stack.node.findAll().some((construct) => construct instanceof provider.NullProvider)
    ) {
      new provider.NullProvider(stack, 'flagplane-null-provider');
    }
    this.inventoryResource = createWiredResource(this.backingResource, this, 'Inventory', this);
    this.inventoryResource.overrideLogicalId(cdktfInventory.resourceName);
    this.node.addValidation({ validate: () => this.problemsOf(this) });
  }

  /** The stack's desired state, as the inventory holds it (what `flagplane plan --synth` reads). */
  desiredState(): DesiredStateInput {
    const { assembly, desired } = this.wiredState();
    return (desired ?? assembly.document) as DesiredStateInput;
  }

  /** @internal called by the constructs this connection holds */
  registerProject(project: IProject): void {
    this.projects.push(project);
    this.touch();
  }

  /** @internal a declaration changed: wire again at the next synth */
  touch(): void {
    this.version++;
  }

  /** @internal the problems found at synth on `construct` */
  problemsOf(construct: IConstruct): string[] {
    const problems = [...(this.wiredState().problems.get(construct) ?? [])];
    if (construct === this) {
      const connections = TerraformStack.of(this)
        .node.findAll()
        .filter((candidate) => candidate instanceof Flagplane);
      if (connections.length > 1 && connections[0] !== this) {
        problems.push(
          `a stack holds one Flagplane connection (it has one inventory); ${connections[0]?.node.path} is the first`,
        );
      }
    }
    return problems;
  }

  wire(): void {
    this.wiredState();
  }

  private wiredState(): WiredState {
    if (this.state !== undefined && this.wiredVersion === this.version) return this.state;
    this.wiredVersion = this.version;
    const stackDirectory = this.stackDirectory();
    const cli = this.cli.resolve(stackDirectory);
    if (cli.warning) Annotations.of(this).addWarning(cli.warning);
    const declarationSource = `cdktf:${TerraformStack.of(this).node.id}`;
    const assembly = assembleDesiredState(this, {
      stackDirectory,
      baseDirectory: process.cwd(),
      source: declarationSource,
    });
    const validation = validateDesiredState(assembly.document);
    const problems = problemsByConstruct(assembly, validation.problems ?? [], this);
    const state: WiredState = {
      assembly,
      problems,
      ...(validation.state ? { desired: validation.state } : {}),
    };
    this.state = state;

    const settings: ProvisionerSettings = {
      cli: cli.command,
      environment: this.baseUrl === undefined ? {} : { FLAGPLANE_BASE_URL: this.baseUrl },
      onRemovalFailure: this.onRemovalFailure,
    };
    // Canonical entries (colors lower-case, operators spelt as the API does) when the state is valid;
    // when it is not, synth stops at validation and these never reach a file. Put in canonical form once:
    // each spec, and the inventory, is then written out without sorting again.
    const source = canonicalForm(validation.state ?? assembly.document);
    const projectEnvironments = new Map<PathSegment, string[]>();
    /** The environments a flag of the project at `projects[index]` is reconciled in (§20), once per project. */
    const environmentsOfProject = (index: PathSegment) => {
      let keys = projectEnvironments.get(index);
      if (!keys) {
        const environments = entryAt(source, ['projects', index]).environments;
        keys = reconciledEnvironmentKeys(Array.isArray(environments) ? environments : []);
        projectEnvironments.set(index, keys);
      }
      return keys;
    };
    for (const { resource, projectKey, at } of assembly.resources) {
      const entry = entryAt(source, at);
      const policy = (entry.removalPolicy as string | undefined) ?? constructRemovalPolicies[resource.kind];
      wireResource(
        resource.kind,
        resource.identityResource,
        resource.configurationResource,
        resourceSpecs(
          resource.kind,
          {
            organization: this.organization,
            source: declarationSource,
            ...(resource.kind === 'flag' ? { projectEnvironments: environmentsOfProject(at[1] ?? 0) } : {}),
          },
          projectKey,
          entry,
          policy,
          cdktfInventory.triggersAttributes[this.backingResource],
        ),
        resourceDependencies(resource),
        settings,
      );
    }
    wireInventory(
      this.inventoryResource,
      JSON.stringify(source), // already in canonical form: the whole desired state
      assembly.resources.flatMap(({ resource }) => [
        resource.identityResource,
        resource.configurationResource,
      ]),
      settings,
    );
    return state;
  }

  /** Where cdktf writes this stack, and where Terraform runs its provisioners. */
  private stackDirectory(): string {
    const app = App.of(this);
    return path.resolve(app.outdir, 'stacks', TerraformStack.of(this).node.id);
  }
}

function entryAt(document: unknown, at: readonly PathSegment[]): Record<string, unknown> {
  let current = document;
  for (const segment of at) current = (current as Record<PathSegment, unknown>)[segment];
  return current as Record<string, unknown>;
}
