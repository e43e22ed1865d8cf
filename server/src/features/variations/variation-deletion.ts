/**
 * §8: a variation can be deleted only when nothing serves or expects it. The reasons are sentences, used
 * both by the refusal and by the variation's `_actions.delete`.
 */
import type {
  EnvironmentRecord,
  FlagConfigurationRecord,
  FlagRecord,
  VariationRecord,
} from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { sortedEnvironments } from '../environments/environment-service.js';

export function variationDeletionRefusal(
  store: Pick<StoreView, 'children'>,
  flag: FlagRecord,
  variation: VariationRecord,
): string | null {
  const environments = sortedEnvironments(store, flag.projectId);
  const where = (uses: (configuration: FlagConfigurationRecord) => boolean) =>
    environmentsWhere(environments, flag, uses);
  const asDefault = where((configuration) => configuration.defaultVariationId === variation.id);
  const inRules = where((configuration) =>
    configuration.rules.some((rule) => rule.variationId === variation.id),
  );
  const weighted = where(
    (configuration) =>
      configuration.percentageRollout?.some(
        (entry) => entry.variationId === variation.id && entry.weight > 0,
      ) ?? false,
  );
  const expecting = store
    .children('flags', flag.projectId)
    .filter((other) =>
      Object.values(other.configurations).some((configuration) =>
        configuration.prerequisites.some(
          (prerequisite) => prerequisite.flagId === flag.id && prerequisite.variationId === variation.id,
        ),
      ),
    )
    .map((other) => `"${other.key}"`)
    .sort();
  const reasons = [
    flag.variations.length <= 1 && "It is the flag's last variation.",
    flag.type === 'Boolean' && 'Boolean flags keep both of their variations.',
    asDefault && `It is the default variation in ${asDefault}.`,
    inRules && `Targeting rules serve it in ${inRules}.`,
    weighted && `It has a percentage rollout weight above 0 in ${weighted}.`,
    expecting.length > 0 && `It is the expected variation of a prerequisite of ${expecting.join(', ')}.`,
  ].filter((reason): reason is string => typeof reason === 'string');
  return reasons.length > 0 ? reasons.join(' ') : null;
}

/** The keys of the environments whose configuration `uses` the variation, or false when none does. */
function environmentsWhere(
  environments: readonly EnvironmentRecord[],
  flag: FlagRecord,
  uses: (configuration: FlagConfigurationRecord) => boolean,
): string | false {
  const keys = environments.flatMap((environment) => {
    const configuration = flag.configurations[environment.id];
    return configuration && uses(configuration) ? [environment.key] : [];
  });
  return keys.length > 0 ? keys.join(', ') : false;
}
