/** `flagplane plan`, `apply` and `destroy`: a desired state against the live state of its projects. */
import { type DesiredStateSource, loadDesiredState } from '../desired/load-desired-state.js';
import { type ResolvedState, resolveDesiredState } from '../desired/resolved-state.js';
import { buildApplyPlan, buildDestroyPlan } from '../engine/build-plan.js';
import { listProjectKeys, readLiveState } from '../live/read-live-state.js';
import { planAsJson, planAsText } from '../output/plan-report.js';
import { terminalStyle } from '../output/terminal-style.js';
import { type ApiSession, openApiSession } from './api-session.js';
import { exitCodes } from './exit-codes.js';
import type { GlobalOptions } from './global-options.js';
import { runPlan } from './run-plan.js';
import { writeJson, writeText } from './write-output.js';

export interface ReconcileOptions extends GlobalOptions, DesiredStateSource {
  readonly prune?: boolean;
  readonly yes?: boolean;
  readonly showSdkKeys?: boolean;
}

async function prepare(options: ReconcileOptions) {
  const loaded = await loadDesiredState(options);
  const desired = resolveDesiredState(loaded.state, loaded.baseDirectory);
  const session = openApiSession(options);
  session.progress.note(
    `reading the live state of ${desired.projects.length} project(s) in ${desired.organization}…`,
  );
  const reader = { client: session.client, organization: desired.organization, limit: session.limit };
  const [live, projectKeys] = await Promise.all([
    readLiveState(
      reader,
      desired.projects.map((project) => project.key),
    ),
    listProjectKeys(reader),
  ]);
  const declared = new Set(desired.projects.map((project) => project.key));
  return {
    loaded,
    desired,
    session,
    live,
    undeclaredProjects: projectKeys.filter((key) => !declared.has(key)),
  };
}

export async function planCommand(options: ReconcileOptions): Promise<number> {
  const { loaded, desired, live, undeclaredProjects } = await prepare(options);
  const plan = buildApplyPlan(desired, live, { prune: options.prune ?? false, undeclaredProjects });
  if (options.json) writeJson(planAsJson(plan));
  else if (!options.quiet || plan.steps.length > 0)
    writeText(planAsText(plan, terminalStyle(process.stdout), heading('Plan', desired, loaded.origin)));
  if (plan.conflicts.length > 0) return exitCodes.error;
  return plan.steps.length > 0 ? exitCodes.changes : exitCodes.success;
}

export async function applyCommand(options: ReconcileOptions): Promise<number> {
  const { loaded, desired, session, live, undeclaredProjects } = await prepare(options);
  const plan = buildApplyPlan(desired, live, { prune: options.prune ?? false, undeclaredProjects });
  return run(plan, live, session, options, heading('Apply', desired, loaded.origin));
}

export async function destroyCommand(options: ReconcileOptions): Promise<number> {
  const { loaded, desired, session, live } = await prepare(options);
  const plan = buildDestroyPlan(desired, live);
  return run(plan, live, session, options, heading('Destroy', desired, loaded.origin));
}

function run(
  plan: Parameters<typeof runPlan>[0],
  live: Parameters<typeof runPlan>[1],
  session: ApiSession,
  options: ReconcileOptions,
  title: string,
): Promise<number> {
  return runPlan(plan, live, session, {
    ...options,
    heading: title,
    yes: options.yes ?? false,
    showSdkKeys: options.showSdkKeys ?? false,
  });
}

function heading(verb: string, desired: ResolvedState, origin: string): string {
  return `${verb}: organization ${desired.organization}, from ${origin}`;
}
