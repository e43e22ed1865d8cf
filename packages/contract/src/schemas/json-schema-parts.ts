/** Pieces of JSON Schema the contract attaches to its zod schemas (`.meta`) for the OpenAPI document. */

export type JsonSchema = Record<string, unknown>;

/**
 * A subschema about some properties of the object, open to the others. `unevaluatedProperties: true` is
 * JSON Schema's own default, written out because Redocly's example check (and tools like it) default it to
 * false in every subschema that does not say, which would make each `if`/`then` refuse the other properties.
 */
export const partOf = (schema: JsonSchema): JsonSchema => ({ ...schema, unevaluatedProperties: true });

/** JSON Schema's conditional: where `condition` holds, `consequence` must too. */
export function ifThen(condition: JsonSchema, consequence: JsonSchema): JsonSchema {
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, in a plain data object never awaited
  return { if: condition, then: consequence };
}
