/**
 * Shows a plan, asks before destructive changes (unless `--yes`), performs it, and reports: the part
 * apply, destroy and the provisioner commands share. Returns the exit code.
 */
import { IdRegistry } from '../engine/id-registry.js';
import type { Plan } from '../engine/plan.js';
import { executePlan } from '../execute/execute-plan.js';
import type { LiveState } from '../live/live-state.js';
import { confirmDestructive } from '../output/confirm.js';
import { planAsJson, planAsText } from '../output/plan-report.js';
import { resultAsText } from '../output/result-report.js';
import { terminalStyle } from '../output/terminal-style.js';
import { PlaintextSink } from '../secrets/plaintext-sink.js';
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

export async function runPlan(
  plan: Plan,
  live: LiveState,
  session: ApiSession,
  options: RunPlanOptions,
): Promise<number> {
  const style = terminalStyle(process.stdout);
  if (!options.json && !options.quiet) writeText(planAsText(plan, style, options.heading));
  if (plan.conflicts.length > 0) {
    if (options.json)
      writeJson({
        plan: planAsJson(plan),
        error: { message: 'the plan has conflicts; nothing was changed' },
      });
    else process.stderr.write('The plan has conflicts no write can fix; nothing was changed.\n');
    return exitCodes.error;
  }
  const destructive = plan.steps.filter((step) => step.change.destructive).length;
  if (destructive > 0 && !options.yes) await confirmDestructive(destructive);

  const secrets = new PlaintextSink(options.showSdkKeys ?? false);
  const progress = session.startProgress(plan.steps.length);
  const result = await executePlan(
    plan.steps,
    { client: session.client, organization: plan.organization, ids: IdRegistry.fromLive(live), secrets },
    { concurrency: options.concurrency, observer: progress },
  );
  progress.end();
  for (const resource of secrets.discarded) {
    process.stderr.write(
      `note: SDK key ${resource} was created, and its plaintext was not kept (declare plaintextFile, or pass --show-sdk-keys)\n`,
    );
  }
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
