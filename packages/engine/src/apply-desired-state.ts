/**
 * The apply pipeline, once: validate → resolve → read live → plan → execute. `flagplane apply` runs it
 * with a terminal around it (through the observer: the plan shown, a confirmation, progress); the mock
 * seeds itself with it, bare. `flagplane plan` stops after the plan (`planDesiredState`); the commands
 * that make other plans (destroy, an inventory's removals, one resource) perform them with `carryOutPlan`.
 */
import type { FlagplaneClient } from '@flagplane/sdk';
import { type ResolvedState, resolveDesiredState } from './desired/resolved-state.js';
import {
  type DesiredStateDocument,
  type ValidDesiredState,
  validateDocument,
} from './desired/validate-document.js';
import { concurrencyLimit } from './execute/concurrency-limit.js';
import { type ExecutionObserver, type ExecutionResult, executePlan } from './execute/execute-plan.js';
import type { LiveState } from './live/live-state.js';
import { listProjectKeys, readLiveState } from './live/read-live-state.js';
import { buildApplyPlan } from './plan/build-plan.js';
import { IdRegistry } from './plan/id-registry.js';
import type { Plan, SecretSink } from './plan/plan.js';
import { PlaintextSink } from './secrets/plaintext-sink.js';

/** Sees a run go by; every member is optional. */
export interface ApplyObserver extends ExecutionObserver {
  /** The document is valid and resolved; its projects' live state is read next. */
  reading?(desired: ResolvedState): void;
  /** The plan is made and nothing is written yet: show it, ask; throwing stops the run before any write. */
  planned?(plan: Plan): void | Promise<void>;
}

export interface ApplyOptions {
  /** Requests in flight at once, reading and writing. @default 4 */
  readonly concurrency?: number;
  /** Also remove what the declared projects hold undeclared, by removal policy. @default false */
  readonly prune?: boolean;
  /** Also list the organization's other projects, which the plan names in one line. @default false */
  readonly listOtherProjects?: boolean;
  /** Where created SDK keys' plaintexts go. @default their declared files, nowhere else */
  readonly secrets?: SecretSink;
  readonly observer?: ApplyObserver;
}

export interface DesiredAndLiveState {
  readonly desired: ResolvedState;
  readonly live: LiveState;
  /** The organization's projects the document does not declare (listed with `listOtherProjects` only). */
  readonly otherProjects: readonly string[];
}

export interface ApplyOutcome {
  readonly plan: Plan;
  readonly live: LiveState;
  /** What was done, what failed; undefined when the plan has conflicts, and nothing was written. */
  readonly result: ExecutionResult | undefined;
}

const defaultConcurrency = 4;

/** Validate → resolve → read live: the desired state with its defaults, and the live state of its projects. */
export async function readDesiredAndLiveState(
  client: FlagplaneClient,
  document: DesiredStateDocument | ValidDesiredState,
  options: ApplyOptions = {},
): Promise<DesiredAndLiveState> {
  const valid = 'state' in document ? document : validateDocument(document);
  const desired = resolveDesiredState(valid.state, valid.baseDirectory, valid.defaultSource ?? null);
  options.observer?.reading?.(desired);
  const limit = concurrencyLimit(options.concurrency ?? defaultConcurrency);
  const reader = { client, organization: desired.organization, limit };
  const [live, projectKeys] = await Promise.all([
    readLiveState(
      reader,
      desired.projects.map((project) => project.key),
    ),
    options.listOtherProjects ? listProjectKeys(reader) : [],
  ]);
  const declared = new Set(desired.projects.map((project) => project.key));
  return { desired, live, otherProjects: projectKeys.filter((key) => !declared.has(key)) };
}

/** Validate → resolve → read live → plan: what `apply` would change. */
export async function planDesiredState(
  client: FlagplaneClient,
  document: DesiredStateDocument | ValidDesiredState,
  options: ApplyOptions = {},
): Promise<DesiredAndLiveState & { readonly plan: Plan }> {
  const read = await readDesiredAndLiveState(client, document, options);
  const plan = buildApplyPlan(read.desired, read.live, {
    prune: options.prune ?? false,
    undeclaredProjects: read.otherProjects,
  });
  return { ...read, plan };
}

/** Hands the plan to the observer, then performs it, unless it has conflicts (then undefined: no write). */
export async function carryOutPlan(
  client: FlagplaneClient,
  plan: Plan,
  live: LiveState,
  options: ApplyOptions = {},
): Promise<ExecutionResult | undefined> {
  await options.observer?.planned?.(plan);
  if (plan.conflicts.length > 0) return undefined;
  return executePlan(
    plan.steps,
    {
      client,
      organization: plan.organization,
      ids: IdRegistry.fromLive(live),
      secrets: options.secrets ?? new PlaintextSink(false),
    },
    {
      concurrency: options.concurrency ?? defaultConcurrency,
      ...(options.observer ? { observer: options.observer } : {}),
    },
  );
}

/**
 * Makes the live state match a desired-state document (as `flagplane apply -f` reads it): throws a
 * `DesiredStateError` listing every problem of the document before any request is sent.
 */
export async function applyDesiredState(
  client: FlagplaneClient,
  document: DesiredStateDocument | ValidDesiredState,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  const { plan, live } = await planDesiredState(client, document, options);
  return { plan, live, result: await carryOutPlan(client, plan, live, options) };
}
