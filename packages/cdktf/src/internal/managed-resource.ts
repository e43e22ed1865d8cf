/**
 * What every declared (not imported) Flagplane resource is in Terraform: an identity null_resource and a
 * configuration null_resource (see `resource-wiring.ts` for what each holds and runs).
 */
import type { ResourceKind } from '@flagplane/contract';
import { Construct } from 'constructs';
import type { Flagplane } from '../flagplane.js';
import { FlagplaneNullResource } from './flagplane-null-resource.js';

export abstract class ManagedResource extends Construct {
  abstract readonly kind: ResourceKind;
  readonly flagplane: Flagplane;
  /** Replaced only when the identity changes: creates the resource, and applies the removal policy. */
  readonly identityResource: FlagplaneNullResource;
  /** Replaced whenever the spec changes: makes the live resource match it. */
  readonly configurationResource: FlagplaneNullResource;

  constructor(scope: Construct, id: string, flagplane: Flagplane) {
    super(scope, id);
    this.flagplane = flagplane;
    this.identityResource = new FlagplaneNullResource(this, 'Identity', flagplane);
    this.configurationResource = new FlagplaneNullResource(this, 'Configuration', flagplane);
    this.node.addValidation({ validate: () => flagplane.problemsOf(this) });
  }
}
