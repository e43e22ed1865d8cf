/**
 * A flag's `variation` blocks against its live variations: what to create, change and delete, in an
 * order the server accepts. Removals go first, so a variation can be renamed (a new key with the old
 * value: values are unique within a flag). A Boolean flag's two variations are fixed ("true" and
 * "false"): only their names and descriptions change.
 */
import type { NestedVariation } from '@flagplane/contract';
import { attributePath, type Diagnostic, error } from '../diagnostics.js';
import type { PlannedKeys } from '../provider/planned-variations.js';
import { blockList, knownString } from '../values/access.js';
import type { ObjectValue, ProviderContext } from './resource.js';

interface DeclaredVariation {
  readonly key: string;
  readonly value: string;
  readonly name: string | undefined;
  readonly description: string;
}

export function declaredVariations(value: Parameters<typeof blockList>[0]): DeclaredVariation[] {
  return blockList(value).map((variation) => ({
    key: knownString(variation.key) ?? '',
    value: knownString(variation.value) ?? '',
    name: knownString(variation.name),
    description: knownString(variation.description) ?? '',
  }));
}

/** The flag's variations made as declared; for a Boolean flag, errors for keys it does not have. */
export async function applyVariations(
  context: ProviderContext,
  flag: { project: string; key: string; type: string },
  declared: readonly DeclaredVariation[],
  live: readonly NestedVariation[],
): Promise<Diagnostic[]> {
  const { client, organization } = context;
  const { project, key } = flag;
  const liveByKey = new Map(live.map((variation) => [variation.key, variation]));
  const declaredKeys = new Set(declared.map((variation) => variation.key));

  if (flag.type === 'Boolean') {
    const unknownKeys = declared.filter((variation) => !liveByKey.has(variation.key));
    if (unknownKeys.length > 0) {
      const liveKeys = live.map((variation) => `"${variation.key}"`).join(' and ');
      return unknownKeys.map((variation) =>
        error(
          `A Boolean flag's variation keys cannot change`,
          `Flag "${key}" has the variations ${liveKeys}; "${variation.key}" is not one of them. Use those keys, or replace the flag.`,
          attributePath('variation', declared.indexOf(variation), 'key'),
        ),
      );
    }
  } else {
    for (const variation of live) {
      if (variation.key !== null && !declaredKeys.has(variation.key)) {
        await client.variations.delete(organization, project, key, variation.key);
      }
    }
  }
  for (const variation of declared) {
    const current = liveByKey.get(variation.key);
    if (!current) continue;
    const body = {
      ...(variation.name !== undefined && variation.name !== current.name ? { name: variation.name } : {}),
      ...(variation.description !== (current.description ?? '')
        ? { description: variation.description }
        : {}),
      ...(flag.type !== 'Boolean' && variation.value !== current.value ? { value: variation.value } : {}),
    };
    if (Object.keys(body).length > 0)
      await client.variations.update(organization, project, key, variation.key, body);
  }
  if (flag.type !== 'Boolean') {
    for (const variation of declared) {
      if (liveByKey.has(variation.key)) continue;
      await client.variations.create(organization, project, key, {
        key: variation.key,
        value: variation.value,
        name: variation.name,
        description: variation.description || undefined,
      });
    }
  }
  return [];
}

/**
 * The variation keys the flag will have once `planned` is applied (what flag environments may name, see
 * planned-variations.ts): its blocks' keys; a Boolean flag without blocks keeps "true" and "false".
 */
export function plannedVariationKeys(planned: ObjectValue): PlannedKeys {
  const blocks = planned.variation;
  if (!Array.isArray(blocks)) return 'unknown';
  if (blocks.length === 0) return planned.type === 'Boolean' ? booleanKeys : 'unknown';
  const keys = blockList(blocks).flatMap((variation) =>
    typeof variation.key === 'string' ? [variation.key] : [],
  );
  return keys.length === blocks.length ? keys : 'unknown';
}

const booleanKeys = ['true', 'false'];
