/**
 * What changed in a configuration since an edit form read it, for the question asked before a save would
 * replace someone else's change (the save sends whole lists: every rule, every prerequisite).
 */
import type { FlagEnvironment, FlagEnvironmentUpdateParams } from '@flagplane/sdk';

/** What a save sends and so replaces; `isEnabled` is not among them (the form leaves the switch alone). */
type ReplacedPart = 'strategy' | 'defaultVariationId' | 'percentageRollout' | 'prerequisites' | 'rules';

const partNames: Readonly<Record<ReplacedPart, string>> = {
  strategy: 'the strategy',
  defaultVariationId: 'the default variation',
  percentageRollout: 'the percentage rollout',
  prerequisites: 'the prerequisites',
  rules: 'the targeting rules',
};

/**
 * The parts `body` sends whose stored value differs between `before` (what the form started from) and
 * `now` (read again just before saving), named for people ("the targeting rules"). Stored values only:
 * `_actions` follow the reader's role and the flag's state, not what is stored.
 */
export function replacedChanges(
  before: FlagEnvironment,
  now: FlagEnvironment,
  body: FlagEnvironmentUpdateParams,
): string[] {
  return (Object.keys(partNames) as ReplacedPart[])
    .filter((part) => body[part] != null && JSON.stringify(before[part]) !== JSON.stringify(now[part]))
    .map((part) => partNames[part]);
}
