/**
 * The peer in the bench (issue #33): Flagplane's SDK endpoint against Unleash's, the most used open-source
 * flag server (also Node), on the same 50 flags with the same client. Unleash is installed on demand
 * outside the workspace (lib/unleash-install.mjs) and runs on a database of the run's PostgreSQL cluster,
 * the only store it has; Flagplane is measured twice against it, on the durable file store and on
 * PostgreSQL. Each comparison alternates rounds, as every read scenario does.
 */
import { copyFile } from 'node:fs/promises';
import { setTimeout } from 'node:timers/promises';
import { startServer } from '../lib/child-server.mjs';
import { compareThroughput } from '../lib/compare-throughput.mjs';
import { fmt, mb, num, range, ratio } from '../lib/format.mjs';
import { createServerSideKey } from '../lib/sdk-key.mjs';
import { targetColumns, verdict } from '../lib/table.mjs';
import {
  createUnleashFlags,
  enableFlags,
  unleashClientHeaders,
  unleashTokens,
} from '../lib/unleash-flags.mjs';
import { ensureUnleash, UNLEASH_VERSION } from '../lib/unleash-install.mjs';
import { requireDatabase } from './read-vs-bare.mjs';

const FLAGS = 50;
const targets = { file: 10, postgres: 5 };
const storeNames = { file: 'file store', postgres: 'PostgreSQL' };
/** How long an ETag must hold before the runs (Unleash's revision job runs every second). */
const SETTLE_MS = 1500;
const paths = { flagplane: '/api/v1/sdk/flags', unleash: '/api/client/features' };

export const unleashPeer = {
  id: 'unleash-peer',
  title: 'The SDK endpoint against Unleash',
  measures:
    "Flagplane's `GET /api/v1/sdk/flags` (server-side SDK key) against Unleash's `GET /api/client/features` " +
    `(backend token, the headers of Unleash's Node SDK), Unleash ${UNLEASH_VERSION} on PostgreSQL, on the ` +
    'same 50 flags (`flag-000000` …, each on in production with one strategy serving everyone), 10 ' +
    'connections, alternating rounds: full answers (200) and answers to the ETag each returned ' +
    '(`If-None-Match`, 304); Flagplane on the durable file store, then on PostgreSQL. Targets: Flagplane ' +
    '÷ Unleash req/s at least 10× (200) and 10× (304) on the file store, 5× on PostgreSQL.',
  async run(ctx) {
    const load = ctx.settings.peer;
    const install = await ensureUnleash({ log: ctx.log });
    const seed = await ctx.dataFile(FLAGS);
    const fileData = ctx.work.file('unleash-peer-store.json');
    await copyFile(seed, fileData);
    const [unleashDatabase, flagplaneDatabase] = [await requireDatabase(ctx), await requireDatabase(ctx)];
    const servers = [];
    const startAll = async (specs) => {
      // Started side by side (Unleash's migrations mostly wait on the database); all stopped after.
      const started = await Promise.allSettled(
        specs.map(async ([name, options]) => {
          const server = await startServer(name, options);
          servers.push(server);
          return server;
        }),
      );
      const failed = started.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      return started.map((outcome) => outcome.value);
    };
    try {
      const setupStarted = performance.now();
      const identities = ctx.identityFile;
      const [unleash, fileServer, postgresServer] = await startAll([
        [
          'unleash-server',
          {
            install: install.dir,
            database: unleashDatabase,
            'admin-token': unleashTokens.admin,
            'client-token': unleashTokens.client,
          },
        ],
        ['flagplane-server', { data: fileData, identities }],
        ['flagplane-server', { database: flagplaneDatabase, seed, identities }],
      ]);
      const startSeconds = (performance.now() - setupStarted) / 1000;
      await createUnleashFlags(unleash.url, FLAGS);
      const peer = await sdkEndpoint(unleash.url + paths.unleash, unleashClientHeaders, (body) =>
        body.features?.filter((feature) => feature.enabled && feature.strategies.length === 1),
      );
      const flagplane = { file: fileServer, postgres: postgresServer };
      const ours = {};
      for (const [store, server] of Object.entries(flagplane)) {
        await enableFlags(server.url, FLAGS);
        const headers = { authorization: `Bearer ${await createServerSideKey(server.url)}` };
        ours[store] = await sdkEndpoint(server.url + paths.flagplane, headers, (body) =>
          body.flags?.filter((flag) => flag.configuration.isEnabled),
        );
      }
      const setupSeconds = (performance.now() - setupStarted) / 1000;

      const rows = [];
      const scenarioTargets = [];
      const notes = [];
      for (const store of ['file', 'postgres']) {
        for (const status of [200, 304]) {
          ctx.log(`  ${storeNames[store]}, ${status}:`);
          const pick = (endpoint) => (status === 200 ? endpoint.full : endpoint.conditional);
          const result = await compareThroughput({
            subject: { server: flagplane[store], ...pick(ours[store]) },
            baseline: { server: unleash, ...pick(peer) },
            load,
            log: ctx.log,
            success: status === 200 ? '2xx' : '3xx',
          });
          const target = targets[store];
          const pass = result.ratio >= target;
          const label = `${storeNames[store]}: ${status} vs Unleash`;
          scenarioTargets.push({ label, value: ratio(result.ratio), target: `≥ ${target}×`, pass });
          rows.push(
            [
              `${label}, req/s (median (min–max))`,
              range(result.subject.requestsPerSecond),
              range(result.baseline.requestsPerSecond),
              ratio(result.ratio),
              `≥ ${target}×`,
              verdict(result.ratio, target),
            ],
            [
              `${label}, server CPU per request (ratio: Unleash ÷ Flagplane)`,
              `${num(result.subject.cpuMicrosPerRequest)} µs`,
              `${num(result.baseline.cpuMicrosPerRequest)} µs`,
              ratio(result.cpuRatio),
              '',
              '',
            ],
          );
          if (result.subject.problems)
            notes.push(`Flagplane (${label}) run problems: ${result.subject.problems}.`);
          if (result.baseline.problems)
            notes.push(`Unleash (${label}) run problems: ${result.baseline.problems}.`);
        }
      }
      const [unleashMemory, fileMemory, postgresMemory] = await Promise.all(
        [unleash, flagplane.file, flagplane.postgres].map((server) => server.memory()),
      );
      rows.push([
        'memory after (RSS / heap used): Flagplane file store, PostgreSQL; Unleash',
        `${mb(fileMemory.rss)} / ${mb(fileMemory.heapUsed)}; ${mb(postgresMemory.rss)} / ${mb(postgresMemory.heapUsed)}`,
        `${mb(unleashMemory.rss)} / ${mb(unleashMemory.heapUsed)}`,
        '',
        '',
        '',
      ]);
      notes.unshift(
        `${load.connections} connections, ${load.rounds} round(s) of ${load.duration} s per server after a ${load.warmup} s warm-up each, alternating which goes first; ratio = median of the per-round ratios. Only 200s (or 304s) count as answered.`,
        `Unleash ${UNLEASH_VERSION} (npm \`unleash-server\`, ${install.installed ? `installed in this run in ${num(install.seconds)} s` : 'from the cache'}: ${install.dir}), the three servers started side by side in ${num(startSeconds)} s (Unleash's migrations of an empty database included), the flags made and checked on both sides in ${num(setupSeconds - startSeconds)} s more; Node ${process.version} for both; one process each, NODE_ENV=production.`,
        "Unleash runs with its own defaults: client feature caching on (each revision's flags memoized for an hour), the ETag `\"<query hash>:<revision>:v1\"` from the revision it keeps in memory (no query per request once known), every answer checked against its OpenAPI schema, its UI's static files served ahead of the API (a `stat` per request), database pool of 4, compression on (the load sends no Accept-Encoding, so neither side compresses). Changed: its SDK and token rate limits (20,000 a minute by default, which would answer 429 within seconds) out of reach, as Flagplane's are here; version check and telemetry off; tokens made at start (INIT_ADMIN_API_TOKENS, INIT_BACKEND_API_TOKENS).",
        `Bodies: Unleash ${fmt(peer.bytes)} bytes (${peer.count} enabled flags), Flagplane ${fmt(ours.file.bytes)} bytes on the file store, ${fmt(ours.postgres.bytes)} on PostgreSQL (${ours.file.count} and ${ours.postgres.count} enabled flags). Flagplane's flags are the bench's 50-flag project turned on in production before the runs.`,
      );
      return {
        title: this.title,
        measures: this.measures,
        targets: scenarioTargets,
        tables: [{ columns: targetColumns, rows }],
        notes,
      };
    } finally {
      for (const server of servers.reverse()) await server.stop();
    }
  },
};

/**
 * Checks an SDK endpoint before it is loaded: a 200 holding the 50 flags (`enabledFlags` picks the flags
 * that are on, from the parsed body) with an ETag that holds (Unleash advances its revision, and so its
 * ETag, by a job every second after the flags were made), and a 304 to that ETag. Returns the request of
 * each kind and the body's size.
 */
async function sdkEndpoint(url, headers, enabledFlags) {
  let answer = await fullAnswer(url, headers);
  for (let tries = 0; ; tries++) {
    await setTimeout(SETTLE_MS);
    const next = await fullAnswer(url, headers);
    if (next.etag === answer.etag) break;
    if (tries === 20) throw new Error(`GET ${url}: the ETag still changes after ${tries} tries`);
    answer = next;
  }
  const count = enabledFlags(JSON.parse(answer.body))?.length;
  if (count !== FLAGS) throw new Error(`GET ${url}: expected ${FLAGS} enabled flags, got ${count}`);
  const conditional = { ...headers, 'if-none-match': answer.etag };
  const again = await fetch(url, { headers: conditional });
  if (again.status !== 304) throw new Error(`GET ${url} with its ETag answered ${again.status}, not 304`);
  return {
    bytes: Buffer.byteLength(answer.body),
    count,
    full: { url, headers },
    conditional: { url, headers: conditional },
  };
}

async function fullAnswer(url, headers) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  const etag = response.headers.get('etag');
  if (response.status !== 200 || !etag)
    throw new Error(
      `GET ${url} answered ${response.status}${etag ? '' : ' without an ETag'}: ${body.slice(0, 300)}`,
    );
  return { body, etag };
}
