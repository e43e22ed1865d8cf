/** What a flag's configuration is before anyone changes it (§8). */
import type { FlagConfigurationRecord, FlagRecord, VariationRecord } from '../../store/records.js';

/** The default variation when none is named: the `false` of a Boolean flag, else the first. */
export function fallbackDefaultVariation(variations: readonly VariationRecord[], type: FlagRecord['type']): VariationRecord {
  const chosen = type === 'Boolean' ? variations.find((variation) => variation.value === 'false') : undefined;
  return chosen ?? variations[0]!;
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
