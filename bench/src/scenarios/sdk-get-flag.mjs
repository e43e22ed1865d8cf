/**
 * Scenario 5: `client.flags.retrieve` of the SDK against a raw `fetch` + `JSON.parse` of the same request,
 * one call after another, both from the bench process to the real server in its own process.
 */
import ky from 'ky';
import { roundRatios, timeCallsInterleaved } from '../lib/call-timing.mjs';
import { startServer } from '../lib/child-server.mjs';
import { authorization, flagKey, flagPath, ORG, PROJECT, TOKEN } from '../lib/data-file.mjs';
import { num, range, ratio, us } from '../lib/format.mjs';
import { createClient } from '../lib/sdk.mjs';
import { targetColumns, verdictAtMost } from '../lib/table.mjs';

const TARGET = 1.5;
/** What the SDK may add to the library it is built on (issue #33). */
const KY_TARGET = 1.1;
const key = flagKey(7);
const SDK = 'SDK';
const SDK_UNVALIDATED = 'SDK, validateResponses: false';
const FETCH = 'fetch + JSON.parse';
const KY = 'ky (bare)';

function expectFlag(body) {
  if (body?.key !== key) throw new Error(`expected flag ${key}, got ${JSON.stringify(body).slice(0, 200)}`);
}

export const sdkGetFlag = {
  id: 'sdk-get-flag',
  title: 'SDK: get one flag',
  measures:
    `\`client.flags.retrieve('acme', 'web', '${key}')\` (default options: responses validated with the ` +
    "contract's schema), one call after another from the bench process, against the real server in its " +
    'own process (memory store, the 50-flag project). Baseline: the same request with the global `fetch` ' +
    'and `JSON.parse` of the body, in the same rounds; also bare `ky` (what the SDK is built on: ' +
    '`ky.get(url, { retry: 0, timeout: false }).json()`). Targets (issue #33): at most 1.5× the baseline time per call, and at most 1.1× bare ky’s.',
  async run(ctx) {
    const { calls, rounds, warmupCalls } = ctx.settings.calls;
    const server = await startServer('flagplane-server', {
      data: ':memory:',
      seed: await ctx.dataFile(50),
      identities: ctx.identityFile,
    });
    try {
      const url = server.url + flagPath(key);
      const headers = { authorization, accept: 'application/json' };
      const client = createClient({ baseUrl: server.url, token: TOKEN });
      const unvalidated = createClient({ baseUrl: server.url, token: TOKEN, validateResponses: false });
      const variants = {
        [SDK]: { call: () => client.flags.retrieve(ORG, PROJECT, key) },
        [FETCH]: {
          call: async () => {
            const response = await fetch(url, { headers });
            if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
            return JSON.parse(await response.text());
          },
        },
        [SDK_UNVALIDATED]: { call: () => unvalidated.flags.retrieve(ORG, PROJECT, key) },
        // What the SDK is built on, called as its README would: no retries, no timeout, JSON parsed.
        [KY]: { call: () => ky.get(url, { headers, retry: 0, timeout: false }).json() },
      };
      for (const variant of Object.values(variants)) expectFlag(await variant.call());

      const timings = await timeCallsInterleaved({ variants, calls, rounds, warmupCalls, log: ctx.log });
      const time = roundRatios(timings, SDK, FETCH);
      const cpu = roundRatios(timings, SDK, FETCH, 'cpuMicrosPerCall');
      const unvalidatedTime = roundRatios(timings, SDK_UNVALIDATED, FETCH);
      const overKy = roundRatios(timings, SDK, KY);
      const kyOverFetch = roundRatios(timings, KY, FETCH);
      const [sdk, raw, bare, plainKy] = [timings[SDK], timings[FETCH], timings[SDK_UNVALIDATED], timings[KY]];
      const pass = time.median <= TARGET;
      return {
        title: this.title,
        measures: this.measures,
        targets: [
          {
            label: 'time per call vs fetch + JSON.parse',
            value: ratio(time.median),
            target: `≤ ${TARGET}×`,
            pass,
          },
          {
            label: 'time per call vs bare ky',
            value: ratio(overKy.median),
            target: `≤ ${KY_TARGET}×`,
            pass: overKy.median <= KY_TARGET,
          },
        ],
        tables: [
          {
            columns: targetColumns,
            rows: [
              [
                'time per call (median of rounds (min–max))',
                range(sdk.microsPerCall, us),
                range(raw.microsPerCall, us),
                ratio(time.median),
                `≤ ${TARGET}×`,
                verdictAtMost(time.median, TARGET),
              ],
              [
                'client CPU per call (the bench process)',
                us(sdk.cpuMicrosPerCall),
                us(raw.cpuMicrosPerCall),
                ratio(cpu.median),
                '',
                '',
              ],
              [
                'time per call vs bare ky (what the SDK adds to the library it is built on)',
                range(sdk.microsPerCall, us),
                range(plainKy.microsPerCall, us),
                ratio(overKy.median),
                `≤ ${KY_TARGET}×`,
                verdictAtMost(overKy.median, KY_TARGET),
              ],
              [
                'bare ky vs fetch + JSON.parse (what ky itself costs)',
                range(plainKy.microsPerCall, us),
                range(raw.microsPerCall, us),
                ratio(kyOverFetch.median),
                'report only',
                '—',
              ],
              [
                'time per call, `validateResponses: false`',
                range(bare.microsPerCall, us),
                range(raw.microsPerCall, us),
                ratio(unvalidatedTime.median),
                'report only',
                '—',
              ],
            ],
          },
        ],
        notes: [
          `${rounds} rounds of ${calls} sequential calls per variant (in chunks of 50 alternating between the variants) after ${warmupCalls} warm-up calls each; each ratio is the median of the per-round ratios (time, per round: ${time.values.map(num).join(', ')}).`,
          'Client CPU per call is the bench process’s user + system time per call: the server runs in its own process, so this is what the client side costs, and it hardly depends on other processes.',
          `What response validation costs: the SDK with \`validateResponses: false\` is ${ratio(unvalidatedTime.median)} the baseline; the remainder is the SDK’s request path (ky, headers, retries, rate-limit headers, error mapping).`,
        ],
      };
    } finally {
      await server.stop();
    }
  },
};
