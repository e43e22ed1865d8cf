/**
 * One definition per resource, data source and the provider block: its attributes and nested blocks,
 * how each behaves (required, optional, computed, sensitive, replaced when changed, a default) and which
 * API property it stands for. From it follow the protocol schema Terraform is sent (proto-schema.ts), the
 * type every value of it is encoded with (`impliedType`), the plan's generic rules (../resources/plan.ts)
 * and the attribute path of an API validation error (paths.ts).
 */
import { type CtyType, listOf, objectOf } from '../values/cty-type.js';
import type { TerraformValue } from '../values/unknown.js';

/**
 * `required` and `optional` come from the configuration; `computed` only from the provider; an
 * `optional-computed` attribute is the configuration's when set, else the provider's (its default, the
 * value the server keeps, or unknown until created).
 */
export type AttributeMode = 'required' | 'optional' | 'computed' | 'optional-computed';

export interface AttributeSpec {
  readonly type: CtyType;
  readonly mode: AttributeMode;
  readonly description: string;
  /** Never shown in plan output; Terraform still stores it in state, marked sensitive. */
  readonly sensitive?: boolean;
  /** A change replaces the resource (the API cannot change it in place, e.g. a key). */
  readonly forcesReplacement?: boolean;
  /**
   * What the plan holds when the configuration leaves an `optional-computed` attribute out: a value, or
   * one derived from the rest of the block's configuration (a strategy from the blocks declared).
   */
  readonly default?:
    | TerraformValue
    | ((config: { readonly [name: string]: TerraformValue }) => TerraformValue);
  /** The API property it stands for, where that is not its own name (`client_side_visible` → `clientSideVisible`). */
  readonly apiName?: string;
  /** Two values the server treats as one (a colour's case, no tags and `[]`): keeps the one Terraform has. */
  readonly sameValue?: (configured: TerraformValue, live: TerraformValue) => boolean;
}

export interface BlockTypeSpec {
  readonly nesting: 'list' | 'single';
  readonly block: BlockSpec;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** The API property holding these blocks (`variation` blocks → `variations`). */
  readonly apiName?: string;
  /**
   * The attribute that identifies an element across plans and reads (a variation's `key`): computed
   * attributes follow it when elements move, and live elements are put in the configuration's order.
   */
  readonly identifiedBy?: string;
  /**
   * Where a problem with the blocks as a whole (weights that do not sum to 100) is shown: this attribute
   * of the first block (Terraform shows lines of attributes, not of lists of blocks). Default: the first.
   */
  readonly wholeListProblemsAt?: string;
}

export interface BlockSpec {
  readonly description: string;
  readonly attributes: Readonly<Record<string, AttributeSpec>>;
  readonly blocks?: Readonly<Record<string, BlockTypeSpec>>;
}

export interface SchemaSpec {
  /** Bumped when the stored shape changes (UpgradeResourceState then gets the older version). */
  readonly version: number;
  readonly block: BlockSpec;
}

type AttributeOptions = Omit<AttributeSpec, 'type' | 'mode' | 'description'>;

const attributeOf =
  (mode: AttributeMode) =>
  (type: CtyType, description: string, options: AttributeOptions = {}): AttributeSpec => ({
    type,
    mode,
    description,
    ...options,
  });

export const required = attributeOf('required');
export const optional = attributeOf('optional');
export const computed = attributeOf('computed');
export const optionalComputed = attributeOf('optional-computed');

const impliedTypes = new WeakMap<BlockSpec, CtyType>();

/**
 * The object type every value of a block is encoded with: its attributes and its nested blocks. Worked out
 * once per block: every request and answer of a plan (several per resource) is decoded or encoded with it.
 */
export function impliedType(block: BlockSpec): CtyType {
  let type = impliedTypes.get(block);
  if (!type) {
    type = buildImpliedType(block);
    impliedTypes.set(block, type);
  }
  return type;
}

function buildImpliedType(block: BlockSpec): CtyType {
  const attributes: Record<string, CtyType> = {};
  for (const [name, attribute] of Object.entries(block.attributes)) attributes[name] = attribute.type;
  for (const [name, nested] of Object.entries(block.blocks ?? {})) {
    const element = impliedType(nested.block);
    attributes[name] = nested.nesting === 'list' ? listOf(element) : element;
  }
  return objectOf(attributes);
}
