/**
 * The rules every resource plans by, read off its schema definition:
 * - what the configuration sets is planned as set;
 * - an `optional-computed` attribute left out gets its default, else keeps the value it has, else
 *   (on creation) is unknown until the server answers;
 * - a `computed` attribute keeps its value, or is unknown on creation;
 * - elements of a block list carry their computed attributes by identity (a variation's `key`), so
 *   reordering or inserting blocks does not move an id onto another element;
 * - an attribute marked `forcesReplacement` that changes replaces the resource.
 *
 * And the rule reads and applies follow (`preferConfigured`): where the server's value means the same as
 * what Terraform holds (a colour's case, no tags and `[]`, elements in another order), Terraform's is kept,
 * so a plan after an apply is empty and an apply never "produces an inconsistent result".
 */
import type { AttributePath } from '../diagnostics.js';
import type { BlockSpec } from '../schema/model.js';
import { isUnknown, type TerraformValue, unknown } from '../values/unknown.js';
import type { ObjectValue } from './resource.js';

export function planObject(block: BlockSpec, prior: ObjectValue | null, config: ObjectValue): ObjectValue {
  const planned: Record<string, TerraformValue> = {};
  for (const [name, attribute] of Object.entries(block.attributes)) {
    const configured = config[name] ?? null;
    const kept = prior ? (prior[name] ?? null) : unknown;
    switch (attribute.mode) {
      case 'required':
      case 'optional':
        planned[name] = configured;
        break;
      case 'computed':
        planned[name] = kept;
        break;
      case 'optional-computed':
        planned[name] =
          configured !== null
            ? configured
            : typeof attribute.default === 'function'
              ? attribute.default(config)
              : attribute.default !== undefined
                ? attribute.default
                : kept;
        break;
    }
  }
  for (const [name, nested] of Object.entries(block.blocks ?? {})) {
    const configured = config[name] ?? null;
    if (nested.nesting === 'single') {
      planned[name] = isObject(configured)
        ? planObject(nested.block, objectOrNull(prior?.[name]), configured)
        : null;
      continue;
    }
    if (!Array.isArray(configured)) {
      planned[name] = configured;
      continue;
    }
    const priorElements = Array.isArray(prior?.[name]) ? (prior?.[name] as ObjectValue[]) : [];
    planned[name] = configured.map((element: TerraformValue, index: number) => {
      if (!isObject(element)) return element;
      const match = nested.identifiedBy
        ? findByIdentity(priorElements, nested.identifiedBy, element[nested.identifiedBy] ?? null)
        : priorElements[index];
      return planObject(nested.block, match ?? null, element);
    });
  }
  return planned;
}

/** The attributes marked `forcesReplacement` (or named by the resource) whose planned value differs. */
export function replacementPaths(
  block: BlockSpec,
  prior: ObjectValue | null,
  planned: ObjectValue,
  alsoReplacing: readonly string[] = [],
): AttributePath[] {
  if (!prior) return [];
  const names = [
    ...Object.entries(block.attributes)
      .filter(([, attribute]) => attribute.forcesReplacement)
      .map(([name]) => name),
    ...alsoReplacing,
  ];
  return names
    .filter((name) => !sameValue(prior[name] ?? null, planned[name] ?? null))
    .map((name) => [{ attribute: name }]);
}

/**
 * The server's answer as state, with Terraform's own values kept where the server's mean the same (see
 * the file's comment). `reference` is the plan (after an apply) or the prior state (after a read).
 */
export function preferConfigured(
  block: BlockSpec,
  reference: ObjectValue | null,
  live: ObjectValue,
): ObjectValue {
  if (!reference) return live;
  const result: Record<string, TerraformValue> = { ...live };
  for (const [name, attribute] of Object.entries(block.attributes)) {
    const held = reference[name] ?? null;
    if (isUnknown(held)) continue;
    if (attribute.sameValue?.(held, live[name] ?? null)) result[name] = held;
  }
  for (const [name, nested] of Object.entries(block.blocks ?? {})) {
    const held = reference[name];
    const current = live[name];
    if (nested.nesting === 'single') {
      if (isObject(held) && isObject(current)) result[name] = preferConfigured(nested.block, held, current);
      continue;
    }
    if (!Array.isArray(held) || !Array.isArray(current)) continue;
    const heldElements = held as ObjectValue[];
    const liveElements = current as ObjectValue[];
    const identity = nested.identifiedBy;
    if (!identity) {
      result[name] = liveElements.map((element, index) =>
        preferConfigured(nested.block, heldElements[index] ?? null, element),
      );
      continue;
    }
    // Elements Terraform knows, in its order; then the ones only the server has, in the server's order.
    const ordered: ObjectValue[] = [];
    for (const element of heldElements) {
      const match = findByIdentity(liveElements, identity, element[identity] ?? null);
      if (match) ordered.push(preferConfigured(nested.block, element, match));
    }
    for (const element of liveElements) {
      if (!findByIdentity(heldElements, identity, element[identity] ?? null)) ordered.push(element);
    }
    result[name] = ordered;
  }
  return result;
}

/** Deep equality of two values (unknown equals nothing, not even unknown). */
export function sameValue(left: TerraformValue, right: TerraformValue): boolean {
  if (isUnknown(left) || isUnknown(right)) return false;
  if (left === right) return true;
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftObject = left as Record<string, TerraformValue>;
  const rightObject = right as Record<string, TerraformValue>;
  const keys = new Set([...Object.keys(leftObject), ...Object.keys(rightObject)]);
  return [...keys].every((key) => sameValue(leftObject[key] ?? null, rightObject[key] ?? null));
}

function findByIdentity(
  elements: readonly ObjectValue[],
  identity: string,
  value: TerraformValue,
): ObjectValue | undefined {
  if (value === null || isUnknown(value)) return undefined;
  return elements.find((element) => element[identity] === value);
}

function isObject(value: TerraformValue | undefined): value is ObjectValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isUnknown(value);
}

function objectOrNull(value: TerraformValue | undefined): ObjectValue | null {
  return isObject(value) ? value : null;
}
