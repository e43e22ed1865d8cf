/**
 * The Terraform resources the constructs write: a `null_resource` (from `@cdktf/provider-null`) or
 * Terraform's built-in `terraform_data` (Terraform ≥ 1.4, no provider to download), chosen once per
 * stack (`FlagplaneProps.backingResource`). Both hold triggers (a change replaces the resource) and
 * `local-exec` provisioners; they differ only in the name of the triggers attribute.
 *
 * Triggers, provisioners and dependencies are filled in at synth time, when the whole stack is declared:
 * a flag configured after its construction (`flag.configure(…)`), or an environment added to its project
 * later, still ends up in its spec and its `depends_on`. cdktf calls `toTerraform()` on every element while
 * it synthesizes; the first call asks the owner to wire the stack, and the owner does it once per version
 * of the declarations.
 */
import { resource } from '@cdktf/provider-null';
import { type CdktfBackingResource, cdktfInventory } from '@flagplane/contract/desired-state';
import { App, DataResource, type TerraformResource, type TerraformStack } from 'cdktf';
import type { Construct } from 'constructs';
import { ResourceFragment } from './resource-fragment.js';
import { usesFastSynthesis } from './synthesis-mode.js';

export interface StackWiring {
  /** Fills in every Flagplane resource of the stack (idempotent; cheap when nothing changed). */
  wire(): void;
}

/** What the wiring needs of a resource, whichever type backs it. */
export interface WiredResource extends TerraformResource {
  /** `<type>.<logical id>`, as plain text: what `depends_on` lists and references start with. */
  readonly address: string;
  /** `triggers` (null_resource) or `triggers_replace` (terraform_data). */
  readonly triggersAttribute: 'triggers' | 'triggers_replace';
  /** Sets the triggers: a change of any of them replaces the resource. */
  setTriggers(triggers: Record<string, string>): void;
}

/** Creates the resource of the stack's backing type. */
export function createWiredResource(
  type: CdktfBackingResource,
  scope: Construct,
  id: string,
  wiring: StackWiring,
): WiredResource {
  return type === 'terraform_data'
    ? new WiredDataResource(scope, id, wiring)
    : new WiredNullResource(scope, id, wiring);
}

// biome-ignore lint/suspicious/noExplicitAny: TypeScript requires a mixin's base constructor to take `...any[]`
type ResourceClass = abstract new (...args: any[]) => TerraformResource;

/**
 * What both backing types share: the address as plain text (cdktf's own references, `fqn` and `id`, are
 * tokens that each capture a full stack trace when created: with thousands of dependencies that was most
 * of the synth time), wiring on the first `toTerraform()`, and the fragment handed over unwalked.
 */
function wired<Base extends ResourceClass>(Base: Base) {
  abstract class Wired extends Base {
    abstract readonly wiring: StackWiring;
    #address: string | undefined;

    get address(): string {
      this.#address ??= `${this.terraformResourceType}.${this.friendlyUniqueId}`;
      return this.#address;
    }

    override toTerraform(): Record<string, unknown> | ResourceFragment {
      this.wiring.wire();
      // A moved or imported resource has more in its fragment than its block: written as cdktf writes it.
      const { imports, moved } = this.toMetadata() as { imports?: unknown; moved?: unknown };
      if (imports !== undefined || moved !== undefined || !usesFastSynthesis()) return super.toTerraform();
      const type = this.terraformResourceType;
      const id = this.friendlyUniqueId;
      // The fragment `super.toTerraform()` returns, as a token cdktf never walks (resource-fragment.ts).
      return new ResourceFragment({
        type,
        id,
        render: () =>
          (super.toTerraform() as { resource: Record<string, Record<string, unknown>> }).resource[type]?.[id],
        parts: () => [
          this.synthesizeAttributes(),
          this.terraformMetaArguments,
          this.provisioners,
          this.rawOverrides,
        ],
        hasStackOverride: () => hasStackOverride(this.cdktfStack, type, id),
        hasOtherStacks: () => hasOtherStacks(this.cdktfStack),
      });
    }

    override toHclTerraform(): Record<string, unknown> {
      this.wiring.wire();
      return super.toHclTerraform();
    }
  }
  return Wired;
}

class WiredNullResource extends wired(resource.Resource) implements WiredResource {
  readonly triggersAttribute = cdktfInventory.triggersAttributes.null_resource;

  constructor(
    scope: Construct,
    id: string,
    readonly wiring: StackWiring,
  ) {
    super(scope, id);
  }

  setTriggers(triggers: Record<string, string>): void {
    this.triggers = triggers;
  }
}

class WiredDataResource extends wired(DataResource) implements WiredResource {
  readonly triggersAttribute = cdktfInventory.triggersAttributes.terraform_data;

  constructor(
    scope: Construct,
    id: string,
    readonly wiring: StackWiring,
  ) {
    super(scope, id);
  }

  setTriggers(triggers: Record<string, string>): void {
    this.triggersReplace = triggers;
  }
}

/**
 * Whether `stack.addOverride('resource.<type>.<id>…')` reaches into a block. cdktf keeps a stack's overrides
 * in a field its types make private: read as such, and when it cannot be read, taken as yes (the block is
 * then written as cdktf writes any block).
 */
function hasStackOverride(stack: TerraformStack, type: string, id: string): boolean {
  const { rawOverrides } = stack as unknown as { rawOverrides?: Record<string, unknown> };
  if (rawOverrides === null || typeof rawOverrides !== 'object') return true;
  const resources = rawOverrides.resource as Record<string, Record<string, unknown> | undefined> | undefined;
  return resources?.[type]?.[id] !== undefined;
}

/**
 * Whether the app may hold another stack than `stack`: it does not when `stack` is its one child (any
 * other construct under the app could hold a stack).
 */
function hasOtherStacks(stack: TerraformStack): boolean {
  const children = App.of(stack).node.children;
  return children.length !== 1 || children[0] !== stack;
}
