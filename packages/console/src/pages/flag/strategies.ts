/** The strategies of a flag's configuration (the contract's enum), with what each does. */
import { Strategy } from '@flagplane/contract';

export const strategies: readonly Strategy[] = Strategy.options;

export const strategyLabels: Readonly<Record<Strategy, string>> = {
  SingleVariation: 'Single variation: the default variation for everyone',
  PercentageRollout: 'Percentage rollout: variations by weight',
  TargetedRollout: 'Targeted rollout: rules in order, then the default',
};
