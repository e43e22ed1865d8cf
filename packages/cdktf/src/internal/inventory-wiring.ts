/**
 * The stack's inventory: one resource (logical id `flagplane_inventory`, the contract's
 * `cdktfInventory`) whose trigger holds the whole desired state as canonical JSON. Terraform never runs
 * the destroy provisioner of a block deleted from the code, so a construct removed from the stack is
 * removed through this resource instead: the inventory changes, Terraform replaces it, and its
 * destroy-time provisioner, which still sees the old inventory in `self.triggers`, runs
 * `flagplane inventory prune` against the newly synthesized stack in its working directory, applying the
 * old removal policy to whatever is no longer declared. It depends on every other resource, so it is
 * created last and, on `cdktf destroy`, removed first (when the prune finds nothing gone).
 */
import { cdktfInventory } from '@flagplane/contract/desired-state';
import { dependencyReferences, type ProvisionerSettings, setRemovalFailure } from './resource-wiring.js';
import { selfTrigger, templateLiteral } from './terraform-template.js';
import type { WiredResource } from './wired-resource.js';

export function wireInventory(
  inventory: WiredResource,
  desiredStateJson: string,
  resources: readonly WiredResource[],
  settings: ProvisionerSettings,
): void {
  inventory.setTriggers({ [cdktfInventory.triggerKey]: templateLiteral(desiredStateJson) });
  inventory.provisioners = [
    {
      type: 'local-exec',
      when: 'destroy',
      // `.` is the stack's directory: Terraform runs provisioners there, next to the new cdk.tf.json.
      command: `${settings.cli} inventory prune --synth .`,
      environment: {
        ...settings.environment,
        FLAGPLANE_PREVIOUS_INVENTORY: selfTrigger(inventory.triggersAttribute, cdktfInventory.triggerKey),
      },
    },
  ];
  setRemovalFailure(inventory, 0, settings.onRemovalFailure);
  inventory.dependsOn = dependencyReferences(resources);
}
