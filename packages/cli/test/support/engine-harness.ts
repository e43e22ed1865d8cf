/**
 * The engine in-process, as the commands wire it (validation, live read, plan, execution), against a
 * real server, with an optional fault injector in front of the network.
 */
import os from 'node:os';
import { type DesiredStateInput, validateDesiredState } from '@flagplane/contract';
import { createClient } from '@flagplane/sdk';
import { resolveDesiredState } from '../../src/desired/resolved-state.js';
import { buildApplyPlan, buildDestroyPlan } from '../../src/engine/build-plan.js';
import { IdRegistry } from '../../src/engine/id-registry.js';
import type { Plan } from '../../src/engine/plan.js';
import { concurrencyLimit } from '../../src/execute/concurrency-limit.js';
import { type ExecutionResult, executePlan } from '../../src/execute/execute-plan.js';
import { newRequestStatistics, pacedFetch } from '../../src/execute/paced-fetch.js';
import { RateLimitPacer } from '../../src/execute/rate-limit-pacer.js';
import { liveToDesired } from '../../src/export/live-to-desired.js';
import type { LiveState } from '../../src/live/live-state.js';
import { listProjectKeys, readLiveState } from '../../src/live/read-live-state.js';
import { PlaintextSink } from '../../src/secrets/plaintext-sink.js';
import { tokens } from './test-server.js';

/** Answers a request instead of the server (a fault), or undefined to let it through. */
export type Fault = (method: string, url: string) => Response | undefined;

export function engine(baseUrl: string, options: { fault?: Fault; baseDirectory?: string } = {}) {
  const statistics = newRequestStatistics();
  const fetchWithFaults = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const faulty = options.fault?.(request.method, new URL(request.url).pathname);
    return faulty ?? fetch(request);
  };
  const client = createClient({
    baseUrl,
    token: tokens.owner,
    fetch: pacedFetch(new RateLimitPacer(), statistics, fetchWithFaults),
    maxRetries: 0,
  });
  const limit = concurrencyLimit(4);
  const baseDirectory = options.baseDirectory ?? os.tmpdir();

  const resolve = (document: DesiredStateInput) => {
    const validation = validateDesiredState(document);
    if (validation.problems)
      throw new Error(validation.problems.map((problem) => `${problem.path}: ${problem.message}`).join('\n'));
    return resolveDesiredState(validation.state, baseDirectory);
  };
  const readLive = (organization: string, projects: readonly string[]) =>
    readLiveState({ client, organization, limit }, projects);

  const execute = async (plan: Plan, live: LiveState): Promise<ExecutionResult> =>
    executePlan(
      plan.steps,
      {
        client,
        organization: plan.organization,
        ids: IdRegistry.fromLive(live),
        secrets: new PlaintextSink(false),
      },
      { concurrency: 4 },
    );

  return {
    statistics,
    async plan(document: DesiredStateInput, prune = false): Promise<Plan> {
      const desired = resolve(document);
      const live = await readLive(
        desired.organization,
        desired.projects.map((project) => project.key),
      );
      return buildApplyPlan(desired, live, { prune });
    },
    async apply(
      document: DesiredStateInput,
      prune = false,
    ): Promise<{ plan: Plan; result: ExecutionResult }> {
      const desired = resolve(document);
      const live = await readLive(
        desired.organization,
        desired.projects.map((project) => project.key),
      );
      const plan = buildApplyPlan(desired, live, { prune });
      if (plan.conflicts.length > 0) throw new Error(plan.conflicts.join('\n'));
      return { plan, result: await execute(plan, live) };
    },
    async destroy(document: DesiredStateInput): Promise<{ plan: Plan; result: ExecutionResult }> {
      const desired = resolve(document);
      const live = await readLive(
        desired.organization,
        desired.projects.map((project) => project.key),
      );
      const plan = buildDestroyPlan(desired, live);
      return { plan, result: await execute(plan, live) };
    },
    async export(organization: string): Promise<DesiredStateInput> {
      const keys = await listProjectKeys({ client, organization, limit });
      return liveToDesired(await readLive(organization, keys));
    },
    client,
  };
}

/** The changes of a plan as `action id` lines, easy to compare in a test. */
export function changesOf(plan: Plan): string[] {
  return plan.steps.map((step) => `${step.change.action} ${step.change.id}`);
}
