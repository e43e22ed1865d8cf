/**
 * Every scenario, in report order. A scenario is `{ id, title, measures, run(ctx) }`; `run` returns
 * `{ title, measures, targets, tables, notes }` (see README.md, "Adding a scenario").
 */
import { cdktfSynth } from './cdktf-synth.mjs';
import { changeStreams } from './change-streams.mjs';
import { cliApply } from './cli-apply.mjs';
import { cliVersion } from './cli-version.mjs';
import { consoleFlagList } from './console-flag-list.mjs';
import { eventLogQuery } from './event-log-query.mjs';
import { eventLogWrites } from './event-log-writes.mjs';
import { getFlag } from './get-flag.mjs';
import { listFlags } from './list-flags.mjs';
import { localEvaluation } from './local-evaluation.mjs';
import { mockReset } from './mock-reset.mjs';
import { observabilityOverhead } from './observability-overhead.mjs';
import { ofrepBulk, ofrepBulkNotModified, ofrepFlag } from './ofrep.mjs';
import { postgresListFlags } from './postgres-list-flags.mjs';
import { postgresToggles } from './postgres-toggles.mjs';
import { rolloutDistribution } from './rollout-distribution.mjs';
import { sdkFlagsNotModified } from './sdk-flags-not-modified.mjs';
import { sdkGetFlag } from './sdk-get-flag.mjs';
import { sdkListMemory } from './sdk-list-memory.mjs';
import { sdkViaMsw } from './sdk-via-msw.mjs';
import { serverStart } from './server-start.mjs';
import { terraformPlan } from './terraform-plan.mjs';
import { toggleWrites } from './toggle-writes.mjs';
import { unleashPeer } from './unleash-peer.mjs';

export const scenarios = [
  listFlags,
  getFlag,
  toggleWrites,
  eventLogWrites,
  eventLogQuery,
  serverStart,
  sdkGetFlag,
  sdkListMemory,
  sdkViaMsw,
  mockReset,
  cliVersion,
  cliApply,
  cdktfSynth,
  terraformPlan,
  localEvaluation,
  sdkFlagsNotModified,
  ofrepBulk,
  ofrepFlag,
  ofrepBulkNotModified,
  changeStreams,
  rolloutDistribution,
  postgresListFlags,
  postgresToggles,
  unleashPeer,
  observabilityOverhead,
  consoleFlagList,
];
