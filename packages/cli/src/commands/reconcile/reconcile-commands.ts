/** `flagplane plan`, `apply` and `destroy`: a desired state against the live state of its projects. */
import {
  type ApplyObserver,
  applyDesiredState,
  attributeDrift,
  buildDestroyPlan,
  PlaintextSink,
  planDesiredState,
  readDesiredAndLiveState,
  type ValidDesiredState,
} from '@flagplane/engine';
import { type DesiredStateSource, loadDesiredState } from '../../desired/load-desired-state.js';
import { planAsJson, planAsText } from '../../output/plan-report.js';
import { terminalStyle } from '../../output/terminal-style.js';
import { type ApiSession, openApiSession } from '../shared/api-session.js';
import { exitCodes } from '../shared/exit-codes.js';
import type { GlobalOptions } from '../shared/global-options.js';
import { type RunPlanOptions, reportRun, runPlan, terminalObserver } from '../shared/run-plan.js';
import { writeJson, writeText } from '../shared/write-output.js';

export interface ReconcileOptions extends GlobalOptions, DesiredStateSource {
  readonly prune?: boolean;
  readonly yes?: boolean;
  readonly showSdkKeys?: boolean;
  /** `flagplane plan`: look up the event behind each drifted property (default true). */
  readonly attribution?: boolean;
}

/** The document is read and validated before the session is opened: its problems come first. */
async function start(options: ReconcileOptions) {
  const loaded = await loadDesiredState(options);
  return { loaded, session: openApiSession(options) };
}

export async function planCommand(options: ReconcileOptions): Promise<number> {
  const { loaded, session } = await start(options);
  const { plan, live } = await planDesiredState(session.client, loaded, {
    ...engineOptions(options, session),
    listOtherProjects: true,
  });
  // Best effort: a plan is still right without knowing who made the drift.
  const attribution =
    options.attribution === false
      ? undefined
      : await attributeDrift(session.client, plan, live, { concurrency: options.concurrency });
  if (attribution?.unavailable && !options.quiet)
    process.stderr.write(
      `note: drift is not attributed, the events could not be read: ${attribution.unavailable}\n`,
    );
  if (options.json) writeJson(planAsJson(plan, attribution?.attributions));
  else if (!options.quiet || plan.steps.length > 0)
    writeText(
      planAsText(plan, terminalStyle(process.stdout), heading('Plan', loaded), attribution?.attributions),
    );
  if (plan.conflicts.length > 0) return exitCodes.error;
  return plan.steps.length > 0 ? exitCodes.changes : exitCodes.success;
}

export async function applyCommand(options: ReconcileOptions): Promise<number> {
  const { loaded, session } = await start(options);
  const runOptions = runPlanOptions(options, heading('Apply', loaded));
  const secrets = new PlaintextSink(runOptions.showSdkKeys ?? false);
  const { plan, result } = await applyDesiredState(session.client, loaded, {
    ...engineOptions(options, session, terminalObserver(session, runOptions)),
    listOtherProjects: true,
    secrets,
  });
  return reportRun(plan, result, session, secrets, runOptions);
}

export async function destroyCommand(options: ReconcileOptions): Promise<number> {
  const { loaded, session } = await start(options);
  const { desired, live } = await readDesiredAndLiveState(
    session.client,
    loaded,
    engineOptions(options, session),
  );
  const plan = buildDestroyPlan(desired, live);
  return runPlan(plan, live, session, runPlanOptions(options, heading('Destroy', loaded)));
}

function engineOptions(options: ReconcileOptions, session: ApiSession, observer: ApplyObserver = {}) {
  return {
    concurrency: options.concurrency,
    prune: options.prune ?? false,
    observer: {
      ...observer,
      reading: (desired) =>
        session.progress.note(
          `reading the live state of ${desired.projects.length} project(s) in ${desired.organization}…`,
        ),
    } satisfies ApplyObserver,
  };
}

function runPlanOptions(options: ReconcileOptions, title: string): RunPlanOptions {
  return {
    ...options,
    heading: title,
    yes: options.yes ?? false,
    showSdkKeys: options.showSdkKeys ?? false,
  };
}

function heading(verb: string, loaded: ValidDesiredState): string {
  return `${verb}: organization ${loaded.state.organization}, from ${loaded.origin}`;
}
