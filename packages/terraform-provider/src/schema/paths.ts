/**
 * From an API property path (the `fields` of a `validation_failed` answer or of the contract's checks:
 * `variations.1.value`, `clientSideVisible`) to the attribute path of the configuration that set it
 * (`variation[1].value`, `client_side_visible`), through the schema's `apiName`s.
 */
import { type AttributePath, type Diagnostic, describePath, error, type PathStep } from '../diagnostics.js';
import type { BlockSpec, BlockTypeSpec } from './model.js';

export function attributePathOfField(
  block: BlockSpec,
  field: string | readonly (string | number)[],
  options: { readonly wholeListAtFirstBlock?: boolean } = { wholeListAtFirstBlock: true },
): AttributePath | undefined {
  const segments = typeof field === 'string' ? field.split('.').filter((segment) => segment !== '') : field;
  const steps: PathStep[] = [];
  let current: BlockSpec | undefined = block;
  let position = 0;
  while (position < segments.length) {
    const segment = String(segments[position]);
    if (!current) break;
    const attribute = Object.entries(current.attributes).find(
      ([name, spec]) => (spec.apiName ?? name) === segment,
    );
    if (attribute) {
      steps.push({ attribute: attribute[0] });
      // Inside an attribute's own value (a list of tags): an index, then no further names.
      const index = segments[position + 1];
      if (index !== undefined && /^\d+$/.test(String(index))) steps.push({ index: Number(index) });
      return steps;
    }
    const nested: [string, BlockTypeSpec] | undefined = Object.entries(current.blocks ?? {}).find(
      ([name, spec]) => (spec.apiName ?? name) === segment,
    );
    if (!nested) break;
    steps.push({ attribute: nested[0] });
    current = nested[1].block;
    position += 1;
    const index = segments[position];
    if (nested[1].nesting === 'list' && index !== undefined && /^\d+$/.test(String(index))) {
      steps.push({ index: Number(index) });
      position += 1;
    } else if (nested[1].nesting === 'list' && index === undefined && options.wholeListAtFirstBlock) {
      // About the blocks as a whole (weights that do not sum to 100): Terraform shows an attribute's line,
      // not a list of blocks', so point into the first block.
      const [firstAttribute] = Object.keys(nested[1].block.attributes);
      const at = nested[1].wholeListProblemsAt ?? firstAttribute;
      steps.push({ index: 0 }, ...(at ? [{ attribute: at }] : []));
      return steps;
    }
  }
  return steps.length > 0 ? steps : undefined;
}

/**
 * A problem with an API property, as an error on the attribute that set it. The summary names the
 * attribute (`Invalid rollout` for the blocks as a whole), the path points at a configuration line.
 */
export function fieldDiagnostic(
  block: BlockSpec | undefined,
  field: string | readonly (string | number)[],
  message: string,
): Diagnostic {
  const path = block ? attributePathOfField(block, field) : undefined;
  const named = block ? attributePathOfField(block, field, { wholeListAtFirstBlock: false }) : undefined;
  const fallback = typeof field === 'string' ? field : field.join('.');
  return error(
    named ? `Invalid ${describePath(named)}` : fallback ? `Invalid ${fallback}` : 'Invalid configuration',
    message,
    path,
  );
}
