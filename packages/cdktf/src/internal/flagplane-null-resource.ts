/**
 * A `null_resource` whose triggers, provisioners and dependencies are filled in at synth time, when the
 * whole stack is declared: a flag configured after its construction (`flag.configure(…)`), or an
 * environment added to its project later, still ends up in its spec and its `depends_on`. cdktf calls
 * `toTerraform()` on every element while it synthesizes; the first call asks the owner to wire the stack,
 * and the owner does it once per version of the declarations.
 */
import { resource } from '@cdktf/provider-null';
import { App, type TerraformStack } from 'cdktf';
import type { Construct } from 'constructs';
import { ResourceFragment } from './resource-fragment.js';

export interface StackWiring {
  /** Fills in every Flagplane resource of the stack (idempotent; cheap when nothing changed). */
  wire(): void;
}

export class FlagplaneNullResource extends resource.Resource {
  #reference: string | undefined;

  constructor(
    scope: Construct,
    id: string,
    private readonly wiring: StackWiring,
  ) {
    super(scope, id, {});
  }

  /**
   * `null_resource.<logical id>`, as plain text. cdktf's own references (`fqn`, `id`) are tokens that
   * each capture a full stack trace when created: with thousands of dependencies that was most of the
   * synth time.
   */
  get address(): string {
    return `null_resource.${this.friendlyUniqueId}`;
  }

  /** `${null_resource.<logical id>}`, as `depends_on` names it; made once (an environment is named by every flag). */
  get reference(): string {
    this.#reference ??= `${'$'}{${this.address}}`;
    return this.#reference;
  }

  override toTerraform(): Record<string, unknown> | ResourceFragment {
    this.wiring.wire();
    // A moved or imported resource has more in its fragment than its block: written as cdktf writes it.
    const { imports, moved } = this.toMetadata() as { imports?: unknown; moved?: unknown };
    if (imports !== undefined || moved !== undefined) return super.toTerraform();
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
