/**
 * cdktf resolves the JSON of every element three times while it synthesizes a stack: a preparing pass
 * (looking for references to other stacks), each element's fragment, then the whole stack's JSON merged
 * from those fragments. Each pass visits every key and every string (token regular expressions, a fresh
 * resolution context each); with thousands of null_resources, each with its provisioners, specs and
 * `depends_on`, that was most of the synth. The blocks the constructs write hold no tokens (their
 * references are plain text, see `WiredResource.address`), so resolving them returns them as they
 * are, and a null_resource hands cdktf its fragment as a `ResourceFragment` token instead:
 *
 * - preparing pass: nothing, when the app has no other stack or nothing the block is made of can hold a
 *   token (there is no reference to another stack to prepare, and cdktf drops what this pass returns);
 * - element pass: the fragment with a `FinalBlock` token for the block, which cdktf merges into the
 *   stack's JSON as it is (it never merges into a token);
 * - stack pass: the `FinalBlock` renders the block as cdktf writes one (`TerraformResource.toTerraform()`)
 *   and, when resolving it could change nothing, hands it over as resolved; otherwise cdktf resolves it.
 *
 * So each block is rendered once and walked by nobody but `JSON.stringify`. This follows how cdktf 0.21
 * synthesizes (`TerraformStack.prepareStack()`, then `TerraformStack.toTerraform()`, which resolves each
 * element's fragment, merges them and resolves the result); should a fragment ever be resolved only once,
 * the `FinalBlock` left in it still serializes as its block (both tokens have a `toJSON`). A block the
 * stack's own overrides reach into (`stack.addOverride('resource.null_resource.<id>…')`) is plain JSON from
 * the element pass on, for cdktf to merge the override into.
 */
import { type IResolvable, type IResolveContext, Token } from 'cdktf';

export interface BlockSource {
  /** The resource type and logical id: where the block goes, `resource.<type>.<id>`. */
  readonly type: string;
  readonly id: string;
  /** The block, as `TerraformResource.toTerraform()` writes it. */
  render(): unknown;
  /**
   * What the block is made of: the resource's attributes, meta-arguments, provisioners and overrides (the
   * rest is its construct path and logical id, which cannot hold a token).
   */
  parts(): readonly unknown[];
  /** Whether the stack's own overrides reach into the block. */
  hasStackOverride(): boolean;
  /** Whether the app holds other stacks than this block's (whose references the preparing pass registers). */
  hasOtherStacks(): boolean;
}

/**
 * What a `WiredResource`'s `toTerraform()` returns: its fragment of the stack's JSON
 * (`{ resource: { null_resource: { <id>: block } } }`), as a token, so that cdktf does not walk even that.
 */
export class ResourceFragment implements IResolvable {
  readonly creationStack: string[] = [];

  constructor(private readonly source: BlockSource) {}

  resolve(context: IResolveContext): unknown {
    if (context.preparing) {
      // The preparing pass registers references to other stacks: there are none to register in an app of
      // one stack, nor in a block whose parts hold no token.
      const nothingToPrepare =
        !this.source.hasOtherStacks() ||
        this.source.parts().every((part) => part === undefined || isFinal(part));
      return nothingToPrepare ? undefined : this.plain();
    }
    if (this.source.hasStackOverride()) return this.plain();
    return handOver(context, this.fragment(new FinalBlock(this.source)));
  }

  toString(): string {
    return Token.asString(this);
  }

  /** What `JSON.stringify` of an unresolved fragment (when debugging) shows. */
  toJSON(): unknown {
    return this.plain();
  }

  /** The fragment as cdktf writes it, for cdktf to resolve like every other. */
  private plain(): Record<string, unknown> {
    return this.fragment(this.source.render());
  }

  private fragment(block: unknown): Record<string, unknown> {
    return { resource: { [this.source.type]: { [this.source.id]: block } } };
  }
}

/** A block rendered when the stack's JSON is resolved. */
class FinalBlock implements IResolvable {
  readonly creationStack: string[] = [];

  constructor(private readonly source: BlockSource) {}

  resolve(context: IResolveContext): unknown {
    const block = this.source.render();
    return isFinal(block) ? handOver(context, block) : block;
  }

  toString(): string {
    return Token.asString(this);
  }

  toJSON(): unknown {
    return this.source.render();
  }
}

/**
 * Makes `value` the result of the resolution in progress, unvisited: cdktf resolves what a token's
 * `resolve` returns (nothing, here), then returns what the post-processor makes of it as it is.
 */
function handOver(context: IResolveContext, value: unknown): undefined {
  context.registerPostProcessor({ postProcess: () => value });
  return undefined;
}

/**
 * Whether cdktf's resolution would return `value` as it is (undefined properties aside, which neither it
 * nor the JSON keeps). Conservative: anything that could be a token, or that cdktf treats specially, is not.
 * It runs over every block of the stack, so it allocates nothing (`for … in` rather than `Object.keys`).
 */
function isFinal(value: unknown): boolean {
  if (typeof value === 'string') return isPlainText(value);
  if (typeof value !== 'object') {
    return typeof value === 'boolean' || (typeof value === 'number' && !Token.isUnresolved(value));
  }
  if (value === null) return true;
  if (Array.isArray(value)) {
    for (const element of value) if (element === undefined || !isFinal(element)) return false;
    return true;
  }
  // A token, a Date, a class instance: cdktf's business. A plain object inherits no enumerable property.
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const property = record[key];
    if (!isPlainText(key) || (property !== undefined && !isFinal(property))) return false;
  }
  return true;
}

/**
 * Text without a token: every encoded string, list and map token holds `TfToken[`, and a number token
 * spliced into a string reads as a number with an exponent (about -1.9e+289, as JavaScript writes it).
 * Text with `e+` in it is left to cdktf, token or not.
 */
function isPlainText(text: string): boolean {
  return !text.includes('TfToken[') && !text.includes('e+');
}
