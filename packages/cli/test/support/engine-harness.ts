/**
 * The engine in-process, through the stages the commands run (validate → resolve → read live → plan →
 * execute), against a real server, with an optional fault injector in front of the network.
 */
import os from 'node:os';
import { type DesiredStateInput, validateDesiredState } from '@flagplane/contract';
import {
  applyDesiredState,
  buildDestroyPlan,
  carryOutPlan,
  concurrencyLimit,
  type ExecutionResult,
  listProjectKeys,
  liveToDesired,
  type Plan,
  planDesiredState,
  readDesiredAndLiveState,
  readLiveState,
} from '@flagplane/engine';
import { createClient } from '@flagplane/sdk';
import { newRequestStatistics, pacedFetch } from '../../src/rate-limit/paced-fetch.js';
import { RateLimitPacer } from '../../src/rate-limit/rate-limit-pacer.js';
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
  const baseDirectory = options.baseDirectory ?? os.tmpdir();

  const document = (value: DesiredStateInput) => {
    const validation = validateDesiredState(value);
    if (validation.problems)
      throw new Error(validation.problems.map((problem) => `${problem.path}: ${problem.message}`).join('\n'));
    return { state: validation.state, origin: 'test', baseDirectory };
  };

  return {
    statistics,
    async plan(value: DesiredStateInput, prune = false): Promise<Plan> {
      return (await planDesiredState(client, document(value), { prune })).plan;
    },
    async apply(value: DesiredStateInput, prune = false): Promise<{ plan: Plan; result: ExecutionResult }> {
      const { plan, result } = await applyDesiredState(client, document(value), { prune });
      if (!result) throw new Error(plan.conflicts.join('\n'));
      return { plan, result };
    },
    async destroy(value: DesiredStateInput): Promise<{ plan: Plan; result: ExecutionResult }> {
      const { desired, live } = await readDesiredAndLiveState(client, document(value));
      const plan = buildDestroyPlan(desired, live);
      const result = await carryOutPlan(client, plan, live);
      if (!result) throw new Error(plan.conflicts.join('\n'));
      return { plan, result };
    },
    async export(organization: string): Promise<DesiredStateInput> {
      const reader = { client, organization, limit: concurrencyLimit(4) };
      return liveToDesired(await readLiveState(reader, await listProjectKeys(reader)));
    },
    client,
  };
}

/** The changes of a plan as `action id` lines, easy to compare in a test. */
export function changesOf(plan: Plan): string[] {
  return plan.steps.map((step) => `${step.change.action} ${step.change.id}`);
}
