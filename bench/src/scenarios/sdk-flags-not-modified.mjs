/**
 * `GET /api/v1/sdk/flags` answered 304 (§21): what a polling application costs the server when nothing
 * changed, against a bare Fastify route answering a 304 for the same ETag.
 */
import { writeFile } from 'node:fs/promises';
import { sameHeadersNote, writeAnswerHeaders } from '../lib/answer-headers.mjs';
import { startServer } from '../lib/child-server.mjs';
import { compareThroughput, throughputRows } from '../lib/compare-throughput.mjs';
import { authorization, projectPath } from '../lib/data-file.mjs';
import { ratio } from '../lib/format.mjs';
import { targetColumns } from '../lib/table.mjs';

const TARGET = 0.9;
const path = '/api/v1/sdk/flags';

export const sdkFlagsNotModified = {
  id: 'sdk-flags-304',
  title: 'GET /api/v1/sdk/flags answered 304',
  measures:
    '`GET /api/v1/sdk/flags` with a server-side SDK key and the current ETag in `If-None-Match` (the 50-flag ' +
    "project, memory store), 10 connections: authentication by the key, the rate limit, the environment's " +
    'cached document and its ETag, a 304 with no body. Baseline: a bare Fastify route answering 304 for the ' +
    'same ETag with the same headers. Target: at least 0.9× the baseline req/s (issue #33).',
  async run(ctx) {
    const load = ctx.settings.read;
    const flagplane = await startServer('flagplane-server', {
      data: ':memory:',
      seed: await ctx.dataFile(50),
      identities: ctx.identityFile,
    });
    let bare;
    try {
      const created = await fetch(`${flagplane.url}${projectPath}/environments/production/sdk-keys`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'ServerSide' }),
      });
      if (created.status !== 201) throw new Error(`creating an SDK key answered ${created.status}`);
      const key = (await created.json()).key;
      const keyHeaders = { authorization: `Bearer ${key}` };
      const first = await fetch(flagplane.url + path, { headers: keyHeaders });
      const body = await first.text();
      const etag = first.headers.get('etag');
      if (first.status !== 200 || !etag)
        throw new Error(`GET ${path} answered ${first.status} without an ETag`);
      const conditional = { ...keyHeaders, 'if-none-match': etag };
      const check = await fetch(flagplane.url + path, { headers: conditional });
      if (check.status !== 304)
        throw new Error(`GET ${path} with its ETag answered ${check.status}, not 304`);
      const payloadFile = ctx.work.file('sdk-flags-payload.json');
      await writeFile(payloadFile, body);
      const headersFile = ctx.work.file('sdk-flags-304-headers.json');
      const sameHeaders = await writeAnswerHeaders(headersFile, check);
      bare = await startServer('bare-fastify', {
        payload: payloadFile,
        url: path,
        etag,
        headers: headersFile,
      });
      const result = await compareThroughput({
        subject: { server: flagplane, url: flagplane.url + path, headers: conditional },
        baseline: { server: bare, url: bare.url + path, headers: { 'if-none-match': etag } },
        load,
        log: ctx.log,
        success: '3xx',
      });
      const memory = await flagplane.memory();
      const notes = [
        `${load.connections} connections, ${load.rounds} round(s) of ${load.duration} s per server after a ${load.warmup} s warm-up each, alternating which goes first; ratio = median of the per-round ratios.`,
        'Only 304s count as answered: any other status on either side is listed below as a problem.',
        sameHeadersNote(sameHeaders),
      ];
      if (result.subject.problems) notes.push(`Flagplane run problems: ${result.subject.problems}.`);
      if (result.baseline.problems) notes.push(`Baseline run problems: ${result.baseline.problems}.`);
      return {
        title: this.title,
        measures: this.measures,
        targets: [
          {
            label: 'req/s vs bare Fastify 304',
            value: ratio(result.ratio),
            target: `≥ ${TARGET}×`,
            pass: result.ratio >= TARGET,
          },
        ],
        tables: [{ columns: targetColumns, rows: throughputRows(result, TARGET, memory) }],
        notes,
      };
    } finally {
      await flagplane.stop();
      await bare?.stop();
    }
  },
};
