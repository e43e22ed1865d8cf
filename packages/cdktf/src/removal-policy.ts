/**
 * What happens to a live resource when its construct leaves the stack (removed from the code, replaced
 * under a new identity, or `cdktf destroy`). The names are the desired-state contract's.
 */
import type {
  EnvironmentRemovalPolicy,
  FlagRemovalPolicy,
  ProjectRemovalPolicy,
  SdkKeyRemovalPolicy,
  SegmentRemovalPolicy,
} from '@flagplane/contract';

export type {
  EnvironmentRemovalPolicy,
  FlagRemovalPolicy,
  ProjectRemovalPolicy,
  SdkKeyRemovalPolicy,
  SegmentRemovalPolicy,
};

/**
 * The constructs' defaults: what a stack declares, it owns. A flag is archived (history and restore stay
 * possible), an SDK key revoked (a key that left the code stops working), everything else deleted. These
 * differ from the CLI's document defaults (which keep projects and environments), so the stack's
 * desired state always states them.
 */
export const constructRemovalPolicies = {
  project: 'delete',
  environment: 'delete',
  segment: 'delete',
  flag: 'archive',
  sdkKey: 'revoke',
} as const satisfies {
  project: ProjectRemovalPolicy;
  environment: EnvironmentRemovalPolicy;
  segment: SegmentRemovalPolicy;
  flag: FlagRemovalPolicy;
  sdkKey: SdkKeyRemovalPolicy;
};
