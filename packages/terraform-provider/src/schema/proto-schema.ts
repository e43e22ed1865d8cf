/** A schema definition as the protocol's `Schema` message (field names as the .proto spells them). */
import { typeJson } from '../values/cty-type.js';
import type { BlockSpec, SchemaSpec } from './model.js';

export interface SchemaMessage {
  readonly version: number;
  readonly block: BlockMessage;
}

interface BlockMessage {
  readonly version: number;
  readonly description: string;
  readonly description_kind: 'MARKDOWN';
  readonly attributes: readonly object[];
  readonly block_types: readonly object[];
}

export function schemaMessage(schema: SchemaSpec): SchemaMessage {
  return { version: schema.version, block: blockMessage(schema.block, schema.version) };
}

function blockMessage(block: BlockSpec, version: number): BlockMessage {
  return {
    version,
    description: block.description,
    description_kind: 'MARKDOWN',
    attributes: Object.entries(block.attributes).map(([name, attribute]) => ({
      name,
      type: typeJson(attribute.type),
      description: attribute.description,
      description_kind: 'MARKDOWN',
      required: attribute.mode === 'required',
      optional: attribute.mode === 'optional' || attribute.mode === 'optional-computed',
      computed: attribute.mode === 'computed' || attribute.mode === 'optional-computed',
      sensitive: attribute.sensitive ?? false,
    })),
    block_types: Object.entries(block.blocks ?? {}).map(([name, nested]) => ({
      type_name: name,
      block: blockMessage(nested.block, version),
      nesting: nested.nesting === 'list' ? 'LIST' : 'SINGLE',
      min_items: nested.minItems ?? 0,
      max_items: nested.maxItems ?? 0,
    })),
  };
}
