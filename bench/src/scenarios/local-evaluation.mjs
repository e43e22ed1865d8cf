/**
 * Local evaluation (§21) of one flag of 10 rules × 5 conditions (regex, semver, numbers, a segment, a
 * list), in the bench process: Flagplane's OpenFeature provider and its evaluator alone, against
 * LaunchDarkly's Node server SDK (offline, its TestData source) evaluating the equivalent flag.
 */
import { FlagEvaluator } from '@flagplane/evaluation';
import { FlagplaneProvider } from '@flagplane/openfeature';
import { basicLogger, init, integrations } from '@launchdarkly/node-server-sdk';
import { OpenFeature } from '@openfeature/server-sdk';
import { roundRatios, timeCallsInterleaved } from '../lib/call-timing.mjs';
import {
  context,
  flagplaneDocument,
  launchDarklyContext,
  launchDarklyFlag,
  launchDarklySegment,
} from '../lib/equivalent-flags.mjs';
import { num, range, ratio, us } from '../lib/format.mjs';
import { targetColumns, verdict } from '../lib/table.mjs';

const TARGET = 1.0;

/**
 * The provider serving evaluation data held in memory (the shape `GET /api/v1/sdk/flags` answers), through
 * its public data-source interface: what it serves is what is measured, not how it got it.
 */
const inMemory = (data) => ({
  mode: 'static',
  async start(listener) {
    listener.updated(data);
    listener.fresh();
  },
  stop() {},
});
/** Evaluations per timed call: the timing loop's own await costs nothing next to 100 of them. */
const BATCH = 100;
const PROVIDER = 'Flagplane (OpenFeature provider)';
const EVALUATOR = 'Flagplane evaluator';
const LAUNCHDARKLY = 'LaunchDarkly Node server SDK';

export const localEvaluation = {
  id: 'local-evaluation',
  title: 'Local evaluation of a flag of 10 rules × 5 conditions',
  measures:
    'One Boolean flag whose 10 rules each check a segment, an email regex, a semver, a number and a ' +
    'country list; the context passes the first four everywhere and matches only the last rule, so all ' +
    '50 conditions run. Flagplane: `client.getBooleanValue` through OpenFeature with `@flagplane/openfeature` ' +
    '(serving the flag from memory), and `FlagEvaluator.evaluate` alone. Baseline: `client.variation` of ' +
    "LaunchDarkly's Node server SDK (`@launchdarkly/node-server-sdk`, offline through TestData, events " +
    'off) on the equivalent flag and segment. Target: Flagplane through OpenFeature at least as fast ' +
    '(baseline time ÷ Flagplane time ≥ 1.0).',
  async run(ctx) {
    const { calls, rounds, warmupCalls } = ctx.settings.evaluation;
    const testData = new integrations.TestData();
    await testData.usePreconfiguredSegment(launchDarklySegment());
    await testData.usePreconfiguredFlag(launchDarklyFlag());
    const launchDarkly = init('sdk-bench-key', {
      updateProcessor: testData.getFactory(),
      sendEvents: false,
      diagnosticOptOut: true,
      logger: basicLogger({ level: 'none' }),
    });
    await launchDarkly.waitForInitialization({ timeout: 10 });
    const evaluator = new FlagEvaluator(flagplaneDocument());
    await OpenFeature.setProviderAndWait(new FlagplaneProvider(inMemory(flagplaneDocument())));
    const client = OpenFeature.getClient();
    const openFeatureContext = { targetingKey: context.key, ...context.attributes };
    try {
      const checks = {
        [PROVIDER]: await client.getBooleanDetails('checkout', false, openFeatureContext),
        [EVALUATOR]: evaluator.evaluate('checkout', context),
        [LAUNCHDARKLY]: await launchDarkly.variationDetail('checkout', launchDarklyContext, false),
      };
      if (checks[PROVIDER].value !== true || checks[PROVIDER].flagMetadata?.ruleIndex !== 9)
        throw new Error(`Flagplane did not match the last rule: ${JSON.stringify(checks[PROVIDER])}`);
      if (checks[EVALUATOR]?.reason.kind !== 'Rule' || checks[EVALUATOR].reason.ruleIndex !== 9)
        throw new Error(`the evaluator did not match the last rule: ${JSON.stringify(checks[EVALUATOR])}`);
      if (checks[LAUNCHDARKLY].value !== true || checks[LAUNCHDARKLY].reason?.ruleIndex !== 9)
        throw new Error(`LaunchDarkly did not match the last rule: ${JSON.stringify(checks[LAUNCHDARKLY])}`);

      const variants = {
        [PROVIDER]: {
          call: async () => {
            for (let i = 0; i < BATCH; i++)
              await client.getBooleanValue('checkout', false, openFeatureContext);
          },
        },
        [EVALUATOR]: {
          call: async () => {
            for (let i = 0; i < BATCH; i++) evaluator.evaluate('checkout', context);
          },
        },
        [LAUNCHDARKLY]: {
          call: async () => {
            for (let i = 0; i < BATCH; i++)
              await launchDarkly.variation('checkout', launchDarklyContext, false);
          },
        },
      };
      const timings = await timeCallsInterleaved({
        variants,
        calls,
        rounds,
        warmupCalls,
        chunk: 10,
        log: ctx.log,
      });
      const perEvaluation = (name) => {
        const summary = timings[name].microsPerCall;
        const scale = (value) => value / BATCH;
        return {
          ...summary,
          median: scale(summary.median),
          min: scale(summary.min),
          max: scale(summary.max),
        };
      };
      // baseline ÷ Flagplane: above 1 means Flagplane is faster.
      const providerRatio = roundRatios(timings, LAUNCHDARKLY, PROVIDER);
      const evaluatorRatio = roundRatios(timings, LAUNCHDARKLY, EVALUATOR);
      const pass = providerRatio.median >= TARGET;
      return {
        title: this.title,
        measures: this.measures,
        targets: [
          {
            label: 'LaunchDarkly time ÷ Flagplane (OpenFeature) time per evaluation',
            value: ratio(providerRatio.median),
            target: `≥ ${TARGET}×`,
            pass,
          },
        ],
        tables: [
          {
            columns: targetColumns,
            rows: [
              [
                'time per evaluation, OpenFeature provider',
                range(perEvaluation(PROVIDER), us),
                range(perEvaluation(LAUNCHDARKLY), us),
                ratio(providerRatio.median),
                `≥ ${TARGET}×`,
                verdict(providerRatio.median, TARGET),
              ],
              [
                'time per evaluation, the evaluator alone (synchronous)',
                range(perEvaluation(EVALUATOR), us),
                range(perEvaluation(LAUNCHDARKLY), us),
                ratio(evaluatorRatio.median),
                'report only',
                '—',
              ],
            ],
          },
        ],
        notes: [
          `${rounds} rounds of ${calls} timed calls per variant, each call ${BATCH} evaluations one after another (chunks of 10 calls alternating between the variants), after ${warmupCalls} warm-up calls each; ratios are medians of the per-round ratios (OpenFeature, per round: ${providerRatio.values.map(num).join(', ')}).`,
          'All three answer true by the last rule for the same context (checked before timing). LaunchDarkly’s `variation` is asynchronous, as OpenFeature’s client is; the evaluator alone is what `flagplane eval --local`, the server and the provider run inside.',
          'unleash-client is not measured: its strategies (rollouts, user ids, constraints) have no regex or semver operators to express this flag equivalently.',
        ],
      };
    } finally {
      launchDarkly.close();
      await OpenFeature.close();
    }
  },
};
