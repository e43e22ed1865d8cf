/**
 * §8: when a variation cannot be deleted. The server refuses the deletion with these sentences (and gives
 * them as the variation's `_actions.delete` reason); a client that holds the flag and its configurations
 * (the console) says them before it offers the deletion, rather than after the server refused it.
 */

/** What of a configuration serves a variation: the wire's and the server's records alike have these. */
export interface ConfigurationUses {
  readonly environmentKey: string | null;
  readonly defaultVariationId: string;
  readonly rules: readonly { readonly variationId: string }[];
  readonly percentageRollout: readonly { readonly variationId: string; readonly weight: number }[] | null;
}

export interface VariationDeletionSubject {
  /** The flag's type (`Boolean`, …). */
  readonly flagType: string | null;
  readonly variationCount: number;
  readonly variationId: string;
  /** The flag's configuration in each environment, in environment order. */
  readonly configurations: readonly ConfigurationUses[];
  /**
   * The keys of the other flags whose prerequisites expect the variation. Left out by a caller that does
   * not know them (the console reads one flag): the server still refuses for them.
   */
  readonly expectedBy?: readonly string[];
}

/** Why the variation cannot be deleted, in sentences, or null when nothing serves or expects it. */
export function variationDeletionRefusal(subject: VariationDeletionSubject): string | null {
  const { variationId, configurations } = subject;
  /** The environments whose configuration `uses` the variation, as "a, b", or null when none does. */
  const where = (uses: (configuration: ConfigurationUses) => boolean): string | null => {
    const keys = configurations.filter(uses).map((configuration) => configuration.environmentKey ?? '?');
    return keys.length > 0 ? keys.join(', ') : null;
  };
  const asDefault = where((configuration) => configuration.defaultVariationId === variationId);
  const inRules = where((configuration) =>
    configuration.rules.some((rule) => rule.variationId === variationId),
  );
  // A rollout entry of weight 0 serves nobody: it goes with the variation instead of blocking the deletion.
  const weighted = where(
    (configuration) =>
      configuration.percentageRollout?.some(
        (entry) => entry.variationId === variationId && entry.weight > 0,
      ) ?? false,
  );
  const expectedBy = [...(subject.expectedBy ?? [])].sort().map((key) => `"${key}"`);
  const reasons = [
    subject.variationCount <= 1 && "It is the flag's last variation.",
    subject.flagType === 'Boolean' && 'Boolean flags keep both of their variations.',
    asDefault !== null && `It is the default variation in ${asDefault}.`,
    inRules !== null && `Targeting rules serve it in ${inRules}.`,
    weighted !== null && `It has a percentage rollout weight above 0 in ${weighted}.`,
    expectedBy.length > 0 && `It is the expected variation of a prerequisite of ${expectedBy.join(', ')}.`,
  ].filter((reason): reason is string => typeof reason === 'string');
  return reasons.length > 0 ? reasons.join(' ') : null;
}
