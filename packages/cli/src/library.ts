/**
 * The reconcile engine as a library (the mock seeds itself with it, so one desired-state fixture serves
 * the CLI and the mock). Same validation, same plan, same executor as `flagplane apply`, without a
 * terminal. It makes its own SDK client from connection options: the bundle carries its own copy of the
 * SDK, and the engine recognizes that copy's error classes, not those of a client made elsewhere.
 */
import { formatProblem, validateDesiredState } from '@flagplane/contract';
import { createClient } from '@flagplane/sdk';
import { DesiredStateError } from './desired/desired-state-error.js';
import { resolveDesiredState } from './desired/resolved-state.js';
import { buildApplyPlan } from './engine/build-plan.js';
import { IdRegistry } from './engine/id-registry.js';
import { concurrencyLimit } from './execute/concurrency-limit.js';
import { type ExecutionResult, executePlan } from './execute/execute-plan.js';
import { readLiveState } from './live/read-live-state.js';
import { PlaintextSink } from './secrets/plaintext-sink.js';

export interface ApplyDesiredStateConnection {
  readonly baseUrl: string;
  readonly token: string;
  /** @default the global fetch */
  readonly fetch?: typeof fetch;
}

export interface ApplyDesiredStateOptions {
  /** Where relative paths in the document (SDK keys' `plaintextFile`) are resolved from. @default process.cwd() */
  readonly baseDirectory?: string;
  /** Requests in flight at once. @default 4 */
  readonly concurrency?: number;
}

export interface ApplyDesiredStateResult extends ExecutionResult {
  /** Changes the plan held (0 when the live state already matched). */
  readonly planned: number;
}

/**
 * Makes the live state match `document` (a desired-state document, as `flagplane apply -f` reads).
 * Throws a `DesiredStateError` listing every problem of the document before any request is sent.
 */
export async function applyDesiredState(
  connection: ApplyDesiredStateConnection,
  document: unknown,
  options: ApplyDesiredStateOptions = {},
): Promise<ApplyDesiredStateResult> {
  const validation = validateDesiredState(document);
  if (validation.problems)
    throw new DesiredStateError('desired state', validation.problems.map(formatProblem));
  const client = createClient({ ...connection, validateResponses: false });
  const desired = resolveDesiredState(validation.state, options.baseDirectory ?? process.cwd());
  const concurrency = options.concurrency ?? 4;
  const reader = { client, organization: desired.organization, limit: concurrencyLimit(concurrency) };
  const live = await readLiveState(
    reader,
    desired.projects.map((project) => project.key),
  );
  const plan = buildApplyPlan(desired, live, { prune: false, undeclaredProjects: [] });
  if (plan.conflicts.length > 0) {
    throw new DesiredStateError('desired state', plan.conflicts);
  }
  const result = await executePlan(
    plan.steps,
    {
      client,
      organization: plan.organization,
      ids: IdRegistry.fromLive(live),
      secrets: new PlaintextSink(false),
    },
    { concurrency },
  );
  return { ...result, planned: plan.steps.length };
}

export { DesiredStateError };
