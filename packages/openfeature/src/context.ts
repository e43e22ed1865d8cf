/**
 * An OpenFeature evaluation context as §21's context: `targetingKey` is the key; attributes keep the
 * values §21 knows (strings, finite numbers, booleans, lists of strings), dates become ISO date-times
 * (what `Before`/`After` compare), lists of other values their JSON texts; objects and null are left
 * out, since no condition could compare them.
 */
import type { EvaluationContext as FlagplaneContext } from '@flagplane/evaluation';
import type { EvaluationContext } from '@openfeature/server-sdk';

type Attribute = NonNullable<FlagplaneContext['attributes']>[string];

function attributeOf(value: unknown): Attribute | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    return value.map((element) => (typeof element === 'string' ? element : JSON.stringify(element)));
  }
  return undefined;
}

/** null when there is no targeting key (OpenFeature's TARGETING_KEY_MISSING). */
export function toFlagplaneContext(context: EvaluationContext): FlagplaneContext | null {
  const { targetingKey, ...rest } = context;
  if (typeof targetingKey !== 'string' || targetingKey === '') return null;
  const attributes: Record<string, Attribute> = {};
  for (const [name, value] of Object.entries(rest)) {
    const attribute = attributeOf(value);
    if (attribute !== undefined) attributes[name] = attribute;
  }
  return { key: targetingKey, attributes };
}
