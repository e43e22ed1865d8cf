/**
 * Terraform's type constraints, as the protocol writes them in a schema: compact JSON, a primitive name or
 * a `[kind, argument]` pair ("string", ["list","string"], ["object",{"key":"string"}]). The value codec
 * walks these to encode and decode values, so a type here is the one description of a value's shape.
 */
export type PrimitiveType = 'string' | 'number' | 'bool';
export type CtyType =
  | PrimitiveType
  | readonly ['list', CtyType]
  | readonly ['set', CtyType]
  | readonly ['map', CtyType]
  | readonly ['object', Readonly<Record<string, CtyType>>];

export const listOf = (element: CtyType): CtyType => ['list', element];
export const setOf = (element: CtyType): CtyType => ['set', element];
export const mapOf = (element: CtyType): CtyType => ['map', element];
export const objectOf = (attributes: Readonly<Record<string, CtyType>>): CtyType => ['object', attributes];

/** The compact JSON Terraform expects in `Schema.Attribute.type`. */
export function typeJson(type: CtyType): Buffer {
  return Buffer.from(JSON.stringify(type), 'utf8');
}

/** For messages: `list(string)`, `object({key = string})`, as Terraform's language writes them. */
export function describeType(type: CtyType): string {
  if (typeof type === 'string') return type;
  const [kind, argument] = type;
  if (kind === 'object') {
    const attributes = Object.entries(argument as Readonly<Record<string, CtyType>>)
      .map(([name, attributeType]) => `${name} = ${describeType(attributeType)}`)
      .join(', ');
    return `object({${attributes}})`;
  }
  return `${kind}(${describeType(argument as CtyType)})`;
}
