/**
 * Every string in a synthesized `cdk.tf.json` is a Terraform template: `${…}` interpolates and `%{…}` is a
 * directive. A declared value may contain either (a String variation "Hello ${name}"), so every literal
 * the constructs write is escaped (`$${`, `%%{`), and only the references the constructs mean are left
 * live. Terraform hands the unescaped text to triggers and provisioners.
 */
export function templateLiteral(text: string): string {
  // A replacer function: in a replacement string, `$$` would itself mean one `$`.
  return text.replace(/([$%])\{/g, (_, sigil: string) => `${sigil}${sigil}{`);
}

/** `triggers` (null_resource) or `triggers_replace` (terraform_data). */
export type TriggersAttribute = 'triggers' | 'triggers_replace';

/**
 * `${self.<triggers>.<key>}`: a trigger of the resource itself, the only values a destroy-time provisioner
 * may read (Terraform allows nothing but `self`, `count.index` and `each.key` there).
 */
export function selfTrigger(attribute: TriggersAttribute, key: string): string {
  return `\${self.${attribute}.${key}}`;
}

/** `${jsonencode(self.<triggers>.<key>)}`: a trigger as a JSON string, for free text such as an SDK key's name. */
export function selfTriggerAsJson(attribute: TriggersAttribute, key: string): string {
  return `\${jsonencode(self.${attribute}.${key})}`;
}
