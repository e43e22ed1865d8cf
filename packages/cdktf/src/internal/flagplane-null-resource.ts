/**
 * A `null_resource` whose triggers, provisioners and dependencies are filled in at synth time, when the
 * whole stack is declared: a flag configured after its construction (`flag.configure(…)`), or an
 * environment added to its project later, still ends up in its spec and its `depends_on`. cdktf calls
 * `toTerraform()` on every element while it synthesizes; the first call asks the owner to wire the stack,
 * and the owner does it once per version of the declarations.
 */
import { resource } from '@cdktf/provider-null';
import type { Construct } from 'constructs';

export interface StackWiring {
  /** Fills in every Flagplane resource of the stack (idempotent; cheap when nothing changed). */
  wire(): void;
}

export class FlagplaneNullResource extends resource.Resource {
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

  override toTerraform(): Record<string, unknown> {
    this.wiring.wire();
    return super.toTerraform();
  }

  override toHclTerraform(): Record<string, unknown> {
    this.wiring.wire();
    return super.toHclTerraform();
  }
}
