/**
 * A read scenario: a GET on the real server (memory store seeded with a 50-flag project, or a PostgreSQL
 * store holding it) against a bare Fastify route answering the same object, parsed from the exact bytes
 * the real server answered.
 */
import { writeFile } from 'node:fs/promises';
import { sameHeadersNote, writeAnswerHeaders } from '../lib/answer-headers.mjs';
import { startServer } from '../lib/child-server.mjs';
import { compareThroughput, throughputRows } from '../lib/compare-throughput.mjs';
import { authorization } from '../lib/data-file.mjs';
import { fmt, num, ratio } from '../lib/format.mjs';
import { targetColumns } from '../lib/table.mjs';

/**
 * @param {object} spec
 * @param {string} spec.id
 * @param {string} spec.title
 * @param {string} spec.measures what the scenario measures (one paragraph)
 * @param {string} spec.path the URL path to GET
 * @param {number} spec.target the lowest acceptable Flagplane/baseline req/s ratio
 * @param {(body: unknown) => void} [spec.check] throws when the captured body is not what was meant
 * @param {'memory' | 'postgres'} [spec.store] where the server keeps the data (default memory)
 */
export function readVsBareScenario({ id, title, measures, path, target, check, store = 'memory' }) {
  return {
    id,
    title,
    measures,
    async run(ctx) {
      const load = ctx.settings.read;
      const seed = await ctx.dataFile(50);
      const where = store === 'postgres' ? { database: await requireDatabase(ctx) } : { data: ':memory:' };
      const flagplane = await startServer('flagplane-server', {
        ...where,
        seed,
        identities: ctx.identityFile,
      });
      let bare;
      try {
        const response = await fetch(flagplane.url + path, { headers: { authorization } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
        check?.(JSON.parse(body));
        const payloadFile = ctx.work.file(`${id}-payload.json`);
        await writeFile(payloadFile, body);
        const headersFile = ctx.work.file(`${id}-headers.json`);
        const sameHeaders = await writeAnswerHeaders(headersFile, response);
        bare = await startServer('bare-fastify', { payload: payloadFile, url: path, headers: headersFile });
        const bareBody = await (await fetch(bare.url + path)).text();

        const result = await compareThroughput({
          subject: { server: flagplane, url: flagplane.url + path, headers: { authorization } },
          baseline: { server: bare, url: bare.url + path },
          load,
          log: ctx.log,
        });
        const memory = await flagplane.memory();
        const { subject: s, baseline: b } = result;
        const notes = [
          `${load.connections} connections, ${load.rounds} round(s) of ${load.duration} s per server after a ${load.warmup} s warm-up each, alternating which goes first; ratio = median of the per-round ratios${load.rounds > 1 ? ` (per round: ${result.ratios.values.map(num).join(', ')})` : ''}.`,
          'Server CPU per request (user + system time of the server process ÷ answered requests) hardly depends on what else runs on the machine; its ratio is what the req/s ratio would be if both servers were purely CPU-bound.',
          `Body: ${fmt(Buffer.byteLength(body))} bytes; the baseline answers ${bareBody === body ? 'byte-identical JSON' : `${fmt(Buffer.byteLength(bareBody))} bytes (NOT identical)`}.`,
          sameHeadersNote(sameHeaders),
        ];
        if (result.cpuRatio < target && result.ratio >= target) {
          notes.push(
            `The CPU-per-request ratio (${ratio(result.cpuRatio)}) is below the target: the req/s pass relies on the baseline not being CPU-bound in this run (the load generator shares the machine).`,
          );
        }
        if (s.problems) notes.push(`Flagplane run problems: ${s.problems}.`);
        if (b.problems) notes.push(`Baseline run problems: ${b.problems}.`);
        const pass = result.ratio >= target;
        return {
          title,
          measures,
          targets: [
            { label: 'req/s vs bare Fastify', value: ratio(result.ratio), target: `≥ ${target}×`, pass },
          ],
          tables: [
            {
              columns: targetColumns,
              rows: throughputRows(result, target, memory),
            },
          ],
          notes,
        };
      } finally {
        await flagplane.stop();
        await bare?.stop();
      }
    },
  };
}

/** A new database of the run's PostgreSQL cluster; a scenario on PostgreSQL cannot run without one. */
export async function requireDatabase(ctx) {
  const url = await ctx.postgresDatabase();
  if (url === null)
    throw new Error('PostgreSQL (initdb, pg_ctl) is not installed: apt-get install postgresql-15');
  return url;
}
