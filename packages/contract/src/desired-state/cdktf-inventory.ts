/**
 * Where a synthesized CDKTF stack keeps the whole desired state of its Flagplane resources: one
 * `null_resource` whose triggers hold it as canonical JSON. The constructs write it there (with this
 * logical id: `overrideLogicalId(cdktfInventory.resourceName)`); `flagplane plan|apply --synth
 * cdktf.out/stacks/<stack>` and the inventory's destroy provisioner read it back.
 *
 * In `cdk.tf.json`: `resource.null_resource.flagplane_inventory.triggers.desired_state`.
 */
export const cdktfInventory = {
  resourceType: 'null_resource',
  resourceName: 'flagplane_inventory',
  triggerKey: 'desired_state',
  /** The file `cdktf synth` writes in each stack directory. */
  stackFile: 'cdk.tf.json',
} as const;

export type InventoryLookup =
  | { readonly desiredStateJson: string; readonly error?: undefined }
  | { readonly desiredStateJson?: undefined; readonly error: string };

/**
 * The text Terraform makes of a template string with no interpolation: `$${` is a literal `${` and `%%{` a
 * literal `%{` (the constructs escape every declared text so). Reading `cdk.tf.json` directly skips
 * Terraform, so this is its step: a description holding `${name}` must compare equal to the live one.
 */
export function literalTemplateText(template: string): string {
  return template.replace(/([$%])\1\{/g, (_, sigil: string) => `${sigil}{`);
}

/**
 * The inventory's desired-state text in a synthesized stack document, as Terraform hands it to the
 * provisioners (template escapes undone), or why it is not there.
 */
export function inventoryOfSynthesizedStack(stack: unknown): InventoryLookup {
  const { resourceType, resourceName, triggerKey } = cdktfInventory;
  const resources = property(property(stack, 'resource'), resourceType);
  if (resources === undefined) {
    return {
      error: `the stack declares no ${resourceType} (expected resource.${resourceType}.${resourceName})`,
    };
  }
  const inventory = property(resources, resourceName);
  if (inventory === undefined) {
    return { error: `the stack has no resource.${resourceType}.${resourceName} (the Flagplane inventory)` };
  }
  const text = property(property(inventory, 'triggers'), triggerKey);
  if (typeof text !== 'string') {
    return { error: `resource.${resourceType}.${resourceName}.triggers.${triggerKey} is not a JSON text` };
  }
  return { desiredStateJson: literalTemplateText(text) };
}

function property(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
