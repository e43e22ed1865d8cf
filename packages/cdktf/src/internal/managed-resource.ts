/**
 * What every declared (not imported) Flagplane resource is in Terraform: an identity resource and a
 * configuration resource, of the stack's backing type (see `resource-wiring.ts` for what each holds and
 * runs).
 */
import type { ResourceKind } from '@flagplane/contract';
import { Construct } from 'constructs';
import type { Flagplane } from '../flagplane.js';
import { createWiredResource, type WiredResource } from './wired-resource.js';

export abstract class ManagedResource extends Construct {
  abstract readonly kind: ResourceKind;
  readonly flagplane: Flagplane;
  /** Replaced only when the identity changes: creates the resource, and applies the removal policy. */
  readonly identityResource: WiredResource;
  /** Replaced whenever the spec changes: makes the live resource match it. */
  readonly configurationResource: WiredResource;

  constructor(scope: Construct, id: string, flagplane: Flagplane) {
    super(scope, id);
    this.flagplane = flagplane;
    this.identityResource = createWiredResource(flagplane.backingResource, this, 'Identity', flagplane);
    this.configurationResource = createWiredResource(
      flagplane.backingResource,
      this,
      'Configuration',
      flagplane,
    );
    this.node.addValidation({ validate: () => flagplane.problemsOf(this) });
  }
}
