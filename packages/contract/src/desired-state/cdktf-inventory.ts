/**
 * Where a synthesized CDKTF stack keeps the whole desired state of its Flagplane resources: one resource
 * whose triggers hold it as canonical JSON. The constructs write it there (with this logical id:
 * `overrideLogicalId(cdktfInventory.resourceName)`); `flagplane plan|apply --synth cdktf.out/stacks/<stack>`
 * and the inventory's destroy provisioner read it back.
 *
 * The constructs back every resource with a `null_resource` (the default) or with Terraform's built-in
 * `terraform_data`, so in `cdk.tf.json` the inventory is one of
 * `resource.null_resource.flagplane_inventory.triggers.desired_state` and
 * `resource.terraform_data.flagplane_inventory.triggers_replace.desired_state`.
 */
export const cdktfInventory = {
  resourceName: 'flagplane_inventory',
  triggerKey: 'desired_state',
  /** Each resource type the constructs may write, and the attribute that holds its triggers. */
  triggersAttributes: { null_resource: 'triggers', terraform_data: 'triggers_replace' },
  /** The file `cdktf synth` writes in each stack directory. */
  stackFile: 'cdk.tf.json',
} as const;

/** The Terraform resource types the constructs can write (`FlagplaneProps.backingResource`). */
export type CdktfBackingResource = keyof typeof cdktfInventory.triggersAttributes;

export type InventoryLookup =
  | {
      readonly desiredStateJson: string;
      /** Where in the stack document the text was found (`resource.<type>.<name>.<attribute>.<key>`). */
      readonly location: string;
      readonly error?: undefined;
    }
  | { readonly desiredStateJson?: undefined; readonly location?: undefined; readonly error: string };

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
  const { resourceName, triggerKey, triggersAttributes } = cdktfInventory;
  const resources = property(stack, 'resource');
  const found = (Object.keys(triggersAttributes) as CdktfBackingResource[]).filter(
    (type) => property(property(resources, type), resourceName) !== undefined,
  );
  const expected = Object.keys(triggersAttributes)
    .map((type) => `resource.${type}.${resourceName}`)
    .join(' or ');
  const [type] = found;
  if (type === undefined) return { error: `the stack has no Flagplane inventory (expected ${expected})` };
  if (found.length > 1) {
    return { error: `the stack has two Flagplane inventories (${expected}); a stack holds one` };
  }
  const attribute = triggersAttributes[type];
  const location = `resource.${type}.${resourceName}.${attribute}.${triggerKey}`;
  const text = property(property(property(property(resources, type), resourceName), attribute), triggerKey);
  if (typeof text !== 'string') return { error: `${location} is not a JSON text` };
  return { desiredStateJson: literalTemplateText(text), location };
}

function property(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
