/** A variation as stored, from the variation creation body (on its own or inside a flag creation). */
import { randomUUID } from 'node:crypto';
import type { OperationInput } from '../../routes/operation-handler.js';
import type { VariationRecord } from '../../store/records.js';

export type VariationDeclaration = OperationInput<'createVariation'>['body'];

/** `name` defaults to the key (§8); an empty description is no description (§2). */
export function newVariation(declared: VariationDeclaration): VariationRecord {
  return {
    id: randomUUID(),
    key: declared.key,
    name: declared.name ?? declared.key,
    value: declared.value,
    description: declared.description || null,
  };
}
