/**
 * The terminal around a plan's execution, shared by apply, destroy and the provisioner commands: the plan
 * shown, a confirmation before destructive changes (unless `--yes`), progress while it runs, and the
 * report. Returns the exit code.
 */
import {
  type ApplyObserver,
  carryOutPlan,
  type ExecutionResult,
  type LiveState,
  PlaintextSink,
  type Plan,
} from '@flagplane/engine';
import { confirmDestructive } from '../../output/confirm.js';
import { planAsJson, planAsText } from '../../output/plan-report.js';
import { resultAsText } from '../../output/result-report.js';
import { terminalStyle } from '../../output/terminal-style.js';
import type { ApiSession } from './api-session.js';
import { exitCodes } from './exit-codes.js';
import type { GlobalOptions } from './global-options.js';
import { writeJson, writeText } from './write-output.js';

export interface RunPlanOptions extends GlobalOptions {
  readonly heading: string;
  /** Go ahead with destructive changes without asking. */
  readonly yes: boolean;
  /** Print created SDK keys' plaintexts on stdout. */
  readonly showSdkKeys?: boolean;
}

/** Performs a plan made by the command. */
export async function runPlan(
  plan: Plan,
  live: LiveState,
  session: ApiSession,
  options: RunPlanOptions,
): Promise<number> {
  const secrets = new PlaintextSink(options.showSdkKeys ?? false);
  const result = await carryOutPlan(session.client, plan, live, {
    concurrency: options.concurrency,
    secrets,
    observer: terminalObserver(session, options),
  });
  return reportRun(plan, result, session, secrets, options);
}

/** What the engine's run shows on the terminal: the plan, a confirmation, then progress. */
export function terminalObserver(session: ApiSession, options: RunPlanOptions): ApplyObserver {
  return {
    async planned(plan) {
      if (!options.json && !options.quiet)
        writeText(planAsText(plan, terminalStyle(process.stdout), options.heading));
      if (plan.conflicts.length > 0) return;
      const destructive = plan.steps.filter((step) => step.change.destructive).length;
      if (destructive > 0 && !options.yes) await confirmDestructive(destructive);
      session.startProgress(plan.steps.length);
    },
    started: (change) => session.progress.started?.(change),
    finished: (change, outcome, detail) => session.progress.finished?.(change, outcome, detail),
  };
}

/** The outcome of a run (undefined: the plan had conflicts and nothing was written) as output and exit code. */
export function reportRun(
  plan: Plan,
  result: ExecutionResult | undefined,
  session: ApiSession,
  secrets: PlaintextSink,
  options: RunPlanOptions,
): number {
  if (!result) {
    if (options.json)
      writeJson({
        plan: planAsJson(plan),
        error: { message: 'the plan has conflicts; nothing was changed' },
      });
    else process.stderr.write('The plan has conflicts no write can fix; nothing was changed.\n');
    return exitCodes.error;
  }
  session.progress.end();
  for (const resource of secrets.discarded) {
    process.stderr.write(
      `note: SDK key ${resource} was created, and its plaintext was not kept (declare plaintextFile, or pass --show-sdk-keys)\n`,
    );
  }
  const style = terminalStyle(process.stdout);
  if (options.json) {
    writeJson({
      plan: planAsJson(plan),
      result,
      requests: session.statistics,
      ...(options.showSdkKeys ? { sdkKeys: secrets.revealed } : {}),
    });
  } else {
    if (!options.quiet || result.failed.length > 0)
      writeText(resultAsText(result, session.statistics, style));
    for (const key of secrets.revealed) writeText(`${key.resource}: ${key.plaintext}\n`);
  }
  return result.failed.length > 0 || result.skipped.length > 0 ? exitCodes.error : exitCodes.success;
}
