/**
 * Scenario 7: the same SDK call through the msw mock (`@flagplane/mock`'s handlers on the msw server that
 * `setupFlagplaneMock()` uses, `setupFetchServer`) against the reference server listening on a local port,
 * both in the bench process.
 */
import { once } from 'node:events';
import { setupFetchServer } from '@flagplane/mock';
import { buildServer as createApp, createMemoryStore } from '@flagplane/server';
import { setupServer } from 'msw/node';
import { roundRatios, timeCallsInterleaved } from '../lib/call-timing.mjs';
import { flagKey, ORG, PROJECT } from '../lib/data-file.mjs';
import { num, range, ratio, us } from '../lib/format.mjs';
import { mockWithFlags } from '../lib/mock-fixture.mjs';
import { createClient } from '../lib/sdk.mjs';
import { targetColumns, verdictAtMost } from '../lib/table.mjs';

const TARGET = 1.5;
const FLAGS = 50;
const key = flagKey(7);
const MSW = 'SDK through msw';
const PORT = 'SDK to a local port';
const STOCK = 'SDK through msw’s stock setupServer';

export const sdkViaMsw = {
  id: 'sdk-via-msw',
  title: 'SDK through the msw mock',
  measures:
    `\`client.flags.retrieve('acme', 'web', '${key}')\` answered by the mock through msw 3 ` +
    '(`setupFetchServer(...mock.handlers)`, the msw server `setupFlagplaneMock()` uses, `onUnhandledFrame: ' +
    "'error'`), against the same call answered by " +
    'the reference server (`buildServer`, memory store holding a copy of the mock’s state) listening on a ' +
    'local port. Both in the bench process, one call after another, so each side does the client’s and ' +
    `the server’s work on one thread. A project of ${FLAGS} flags. Target: at most 1.5× the local-port time per call.`,
  async run(ctx) {
    const { calls, rounds, warmupCalls } = ctx.settings.calls;
    const mock = await mockWithFlags(FLAGS);
    const msw = setupFetchServer(...mock.handlers);
    const rateLimit = { max: 1e9, windowSeconds: 60 };
    const reference = await createApp({
      store: createMemoryStore(mock.snapshot()),
      rateLimit,
      logger: false,
    });
    try {
      reference.server.listen(0, '127.0.0.1');
      await once(reference.server, 'listening');
      const portUrl = `http://127.0.0.1:${reference.server.address().port}`;
      const token = mock.tokens.owner;
      const throughMsw = createClient({ baseUrl: mock.baseUrl, token });
      const toPort = createClient({ baseUrl: portUrl, token });
      // msw patches the request modules while it listens: it listens only around its own calls, so the
      // local-port calls go out unintercepted.
      const variants = {
        [MSW]: {
          enter: () => msw.listen({ onUnhandledFrame: 'error' }),
          call: () => throughMsw.flags.retrieve(ORG, PROJECT, key),
          leave: () => msw.close(),
        },
        [PORT]: { call: () => toPort.flags.retrieve(ORG, PROJECT, key) },
      };
      for (const variant of Object.values(variants)) {
        await variant.enter?.();
        const flag = await variant.call();
        await variant.leave?.();
        if (flag.key !== key) throw new Error(`expected flag ${key}, got ${flag.key}`);
      }

      const timings = await timeCallsInterleaved({ variants, calls, rounds, warmupCalls, log: ctx.log });
      const time = roundRatios(timings, MSW, PORT);
      const cpu = roundRatios(timings, MSW, PORT, 'cpuMicrosPerCall');
      const pass = time.median <= TARGET;

      // msw's stock setupServer, for the record, measured only once the target's rounds are done: the mocked
      // connections it leaves open in undici's pool would slow whatever is measured after it.
      const stock = setupServer(...mock.handlers);
      const stockTimings = await timeCallsInterleaved({
        variants: {
          [STOCK]: {
            enter: () => stock.listen({ onUnhandledFrame: 'error' }),
            call: () => throughMsw.flags.retrieve(ORG, PROJECT, key),
            leave: () => stock.close(),
          },
          [PORT]: variants[PORT],
        },
        calls,
        rounds: Math.max(2, Math.ceil(rounds / 3)),
        warmupCalls,
        log: ctx.log,
      });
      const stockTime = roundRatios(stockTimings, STOCK, PORT);
      return {
        title: this.title,
        measures: this.measures,
        targets: [
          { label: 'time per call vs a local port', value: ratio(time.median), target: `≤ ${TARGET}×`, pass },
        ],
        tables: [
          {
            columns: targetColumns,
            rows: [
              [
                'time per call (median of rounds (min–max))',
                range(timings[MSW].microsPerCall, us),
                range(timings[PORT].microsPerCall, us),
                ratio(time.median),
                `≤ ${TARGET}×`,
                verdictAtMost(time.median, TARGET),
              ],
              [
                'CPU per call (the bench process: client and server)',
                us(timings[MSW].cpuMicrosPerCall),
                us(timings[PORT].cpuMicrosPerCall),
                ratio(cpu.median),
                '',
                '',
              ],
              [
                'time per call through msw’s stock `setupServer` (measured after)',
                range(stockTimings[STOCK].microsPerCall, us),
                range(stockTimings[PORT].microsPerCall, us),
                ratio(stockTime.median),
                'report only',
                '—',
              ],
            ],
          },
        ],
        notes: [
          `${rounds} rounds of ${calls} sequential calls per side (in chunks of 50 alternating between them) after ${warmupCalls} warm-up calls each; each ratio is the median of the per-round ratios (time, per round: ${time.values.map(num).join(', ')}).`,
          'msw listens only around its own chunks of calls (`listen` and `close` are not timed), so the local-port calls are never intercepted.',
          '`setupFetchServer` is msw’s `setupServer` (same network, handlers and lifecycle events) with `fetch` intercepted at the call. msw’s stock `setupServer` intercepts it at the socket, a round trip of HTTP bytes through undici and a parser that costs more than the mock’s answer (see `packages/mock/src/msw-server.ts`); it is not what the mock recommends, and its row is measured after the target’s rounds, in fewer rounds, for the record.',
          'Both sides run the same server logic (the mock is `buildServer` answering through `inject`); the difference is msw’s interception and the mock’s request/response translation against a real socket round trip.',
        ],
      };
    } finally {
      await reference.close();
      await mock.close();
    }
  },
};
