export {
  type ApplyObserver,
  type ApplyOptions,
  type ApplyOutcome,
  applyDesiredState,
  carryOutPlan,
  type DesiredAndLiveState,
  planDesiredState,
  readDesiredAndLiveState,
} from './apply-desired-state.js';
export {
  attributeDrift,
  type DriftAttributionOptions,
  type DriftAttributionResult,
  type DriftAttributions,
} from './attribution/attribute-drift.js';
export { DesiredStateError } from './desired/desired-state-error.js';
export {
  type ResolvedConfiguration,
  type ResolvedEnvironment,
  type ResolvedFlag,
  type ResolvedPolicies,
  type ResolvedProject,
  type ResolvedRule,
  type ResolvedSdkKey,
  type ResolvedSegment,
  type ResolvedState,
  type ResolvedVariation,
  resolveDesiredState,
  resolveEnvironment,
  resolveFlag,
  resolveProject,
  resolveSdkKey,
  resolveSegment,
} from './desired/resolved-state.js';
export {
  type DesiredStateDocument,
  type ValidDesiredState,
  validateDocument,
} from './desired/validate-document.js';
export { concurrencyLimit, type Limit } from './execute/concurrency-limit.js';
export type { ExecutionObserver, ExecutionResult, StepFailure, StepSkip } from './execute/execute-plan.js';
export { liveToDesired } from './export/live-to-desired.js';
export type * from './live/live-state.js';
export {
  type LiveReader,
  listProjectKeys,
  type ProjectReadScope,
  readLiveProject,
  readLiveState,
} from './live/read-live-state.js';
export {
  type ApplyPlanOptions,
  buildApplyPlan,
  buildDestroyPlan,
  buildInventoryRemovalPlan,
} from './plan/build-plan.js';
export type {
  ChangeAction,
  ChangeKind,
  Notice,
  Plan,
  PlannedChange,
  PlanStep,
  PropertyChange,
  SecretSink,
  StepContext,
} from './plan/plan.js';
export { PlanBuilder } from './plan/plan-builder.js';
export { planEnvironment, planProject, planSegment } from './plan/plan-containers.js';
export { type FlagPlanOptions, planFlag, planVariationDeletions } from './plan/plan-flag.js';
export { planRemovals, type RemovalOptions } from './plan/plan-removals.js';
export { planSdkKey } from './plan/plan-sdk-keys.js';
export { type RemovalRequest, type RemovalTarget, removalTarget } from './plan/removal-targets.js';
export { PlaintextSink, type RevealedKey } from './secrets/plaintext-sink.js';
