/** What a flag and its configurations are before anyone changes them (§8). */
import type { FlagConfigurationRecord, FlagRecord, VariationRecord } from '../../store/records.js';
import type { VariationDeclaration } from './variations/variations-service.js';

/** A Boolean flag created without `variations` gets these, in this order. */
export const booleanVariations: readonly VariationDeclaration[] = [
  { key: 'true', name: 'On', value: 'true' },
  { key: 'false', name: 'Off', value: 'false' },
];

/** The default variation when none is named: the `false` of a Boolean flag, else the first. */
export function fallbackDefaultVariation(
  variations: readonly VariationRecord[],
  type: FlagRecord['type'],
): VariationRecord {
  const named = type === 'Boolean' ? variations.find((variation) => variation.value === 'false') : undefined;
  const chosen = named ?? variations[0];
  // Creation requires a variation and deletion keeps the last one, so only a damaged data file lands here.
  if (!chosen) throw new Error('A flag has no variations.');
  return chosen;
}

export function initialConfiguration(flag: FlagRecord, now: string): FlagConfigurationRecord {
  const defaultExists = flag.variations.some((variation) => variation.id === flag.defaultVariationId);
  return {
    isEnabled: false,
    defaultVariationId: defaultExists
      ? flag.defaultVariationId
      : fallbackDefaultVariation(flag.variations, flag.type).id,
    strategy: 'SingleVariation',
    percentageRollout: null,
    prerequisites: [],
    rules: [],
    updatedAt: now,
  };
}
