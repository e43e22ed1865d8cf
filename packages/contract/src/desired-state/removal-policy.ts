/**
 * What happens to a live resource when it is no longer declared (`apply --prune`, an inventory that lost
 * it) or when its declaration is destroyed. Each kind allows only the removals the API has for it.
 */
import * as z from 'zod';

export const ProjectRemovalPolicy = z.enum(['delete', 'retain']);
export const EnvironmentRemovalPolicy = z.enum(['delete', 'retain']);
export const FlagRemovalPolicy = z.enum(['archive', 'delete', 'retain']);
export const SegmentRemovalPolicy = z.enum(['delete', 'retain']);
export const SdkKeyRemovalPolicy = z.enum(['revoke', 'retain']);

export type ProjectRemovalPolicy = z.infer<typeof ProjectRemovalPolicy>;
export type EnvironmentRemovalPolicy = z.infer<typeof EnvironmentRemovalPolicy>;
export type FlagRemovalPolicy = z.infer<typeof FlagRemovalPolicy>;
export type SegmentRemovalPolicy = z.infer<typeof SegmentRemovalPolicy>;
export type SdkKeyRemovalPolicy = z.infer<typeof SdkKeyRemovalPolicy>;

/** Every removal the engine can perform; `retain` leaves the live resource alone. */
export type RemovalPolicy =
  | ProjectRemovalPolicy
  | EnvironmentRemovalPolicy
  | FlagRemovalPolicy
  | SegmentRemovalPolicy
  | SdkKeyRemovalPolicy;

/**
 * The policy of a resource that declares none. Containers are kept (deleting a project or an environment
 * takes everything in it along); a flag is archived, so evaluation history and restore stay possible; a
 * segment is deleted (nothing but rules refers to it, and the API refuses while one does); an SDK key is
 * revoked, so a key that left the code stops working.
 */
export const defaultRemovalPolicies = {
  project: 'retain',
  environment: 'retain',
  flag: 'archive',
  segment: 'delete',
  sdkKey: 'revoke',
} as const satisfies {
  project: ProjectRemovalPolicy;
  environment: EnvironmentRemovalPolicy;
  flag: FlagRemovalPolicy;
  segment: SegmentRemovalPolicy;
  sdkKey: SdkKeyRemovalPolicy;
};

/** The document-wide policies for resources that declare none, including undeclared live ones. */
export const RemovalPolicies = z.strictObject({
  project: ProjectRemovalPolicy.optional(),
  environment: EnvironmentRemovalPolicy.optional(),
  flag: FlagRemovalPolicy.optional(),
  segment: SegmentRemovalPolicy.optional(),
  sdkKey: SdkKeyRemovalPolicy.optional(),
});
export type RemovalPolicies = z.infer<typeof RemovalPolicies>;
