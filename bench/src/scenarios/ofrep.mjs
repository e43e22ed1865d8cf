/**
 * OFREP (§23) on the reference server, each against a bare Fastify POST route answering the same JSON
 * (parsed from the bytes Flagplane answered): every flag of the 50-flag environment for one context, one
 * flag for one context, and the every-flag answer's 304 against a bare 304 for the same ETag (each baseline sending the same headers).
 */
import { writeFile } from 'node:fs/promises';
import { sameHeadersNote, writeAnswerHeaders } from '../lib/answer-headers.mjs';
import { startServer } from '../lib/child-server.mjs';
import { compareThroughput, throughputRows } from '../lib/compare-throughput.mjs';
import { authorization, flagKey, projectPath } from '../lib/data-file.mjs';
import { fmt, ratio } from '../lib/format.mjs';
import { targetColumns } from '../lib/table.mjs';

const context = JSON.stringify({ context: { targetingKey: 'user-42', country: 'NL', plan: 'pro' } });

/**
 * @param {object} spec
 * @param {string} spec.id
 * @param {string} spec.title
 * @param {string} spec.measures
 * @param {string} spec.path
 * @param {number} spec.target
 * @param {boolean} [spec.notModified] send the answer's ETag back: the 304 is measured
 */
function ofrepVsBare({ id, title, measures, path, target, notModified = false }) {
  return {
    id,
    title,
    measures,
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
        const keyHeaders = {
          authorization: `Bearer ${(await created.json()).key}`,
          'content-type': 'application/json',
        };
        const first = await fetch(flagplane.url + path, {
          method: 'POST',
          headers: keyHeaders,
          body: context,
        });
        const body = await first.text();
        if (first.status !== 200) throw new Error(`POST ${path} answered ${first.status}: ${body}`);
        const etag = first.headers.get('etag') ?? undefined;
        const headers = notModified ? { ...keyHeaders, 'if-none-match': etag } : keyHeaders;
        let answer = first;
        if (notModified) {
          answer = await fetch(flagplane.url + path, { method: 'POST', headers, body: context });
          if (answer.status !== 304) throw new Error(`POST ${path} with its ETag answered ${answer.status}`);
        }
        const headersFile = ctx.work.file(`${id}-headers.json`);
        const sameHeaders = await writeAnswerHeaders(headersFile, answer);
        const payloadFile = ctx.work.file(`${id}-payload.json`);
        await writeFile(payloadFile, body);
        bare = await startServer('bare-fastify', {
          payload: payloadFile,
          url: path,
          method: 'POST',
          headers: headersFile,
          ...(notModified ? { etag } : {}),
        });
        const bareHeaders = {
          'content-type': 'application/json',
          ...(notModified ? { 'if-none-match': etag } : {}),
        };
        const result = await compareThroughput({
          subject: { server: flagplane, url: flagplane.url + path, headers, method: 'POST', body: context },
          baseline: {
            server: bare,
            url: bare.url + path,
            headers: bareHeaders,
            method: 'POST',
            body: context,
          },
          load,
          log: ctx.log,
          success: notModified ? '3xx' : '2xx',
        });
        const memory = await flagplane.memory();
        const notes = [
          `${load.connections} connections, ${load.rounds} round(s) of ${load.duration} s per server after a ${load.warmup} s warm-up each, alternating which goes first; ratio = median of the per-round ratios.`,
          notModified
            ? 'Only 304s count as answered: any other status on either side is listed below as a problem.'
            : `Body: ${fmt(Buffer.byteLength(body))} bytes, answered by both.`,
          sameHeadersNote(sameHeaders),
        ];
        if (result.subject.problems) notes.push(`Flagplane run problems: ${result.subject.problems}.`);
        if (result.baseline.problems) notes.push(`Baseline run problems: ${result.baseline.problems}.`);
        return {
          title,
          measures,
          targets: [
            {
              label: notModified ? 'req/s vs bare Fastify 304' : 'req/s vs bare Fastify',
              value: ratio(result.ratio),
              target: `≥ ${target}×`,
              pass: result.ratio >= target,
            },
          ],
          tables: [{ columns: targetColumns, rows: throughputRows(result, target, memory) }],
          notes,
        };
      } finally {
        await flagplane.stop();
        await bare?.stop();
      }
    },
  };
}

export const ofrepBulk = ofrepVsBare({
  id: 'ofrep-bulk',
  title: 'OFREP: every flag for one context',
  measures:
    '`POST /ofrep/v1/evaluate/flags` with a server-side SDK key: the 50 flags of the environment evaluated ' +
    'for one context and answered in OFREP’s shape with an ETag, 10 connections. Baseline: a bare Fastify ' +
    'POST route answering the same JSON with the same headers. Target: at least 0.6× the baseline req/s.',
  path: '/ofrep/v1/evaluate/flags',
  target: 0.6,
});

export const ofrepFlag = ofrepVsBare({
  id: 'ofrep-flag',
  title: 'OFREP: one flag for one context',
  measures:
    `\`POST /ofrep/v1/evaluate/flags/${flagKey(7)}\` with a server-side SDK key, 10 connections. Baseline: a ` +
    'bare Fastify POST route answering the same JSON with the same headers. Target: at least 0.6× the baseline req/s.',
  path: `/ofrep/v1/evaluate/flags/${flagKey(7)}`,
  target: 0.6,
});

export const ofrepBulkNotModified = ofrepVsBare({
  id: 'ofrep-bulk-304',
  title: 'OFREP: every flag, answered 304',
  measures:
    '`POST /ofrep/v1/evaluate/flags` with the ETag of its last answer in `If-None-Match` (nothing changed, ' +
    'same context): a 304 with no body, computed without evaluating, 10 connections. Baseline: a bare ' +
    'Fastify POST route answering 304 for the same ETag with the same headers. Target: at least 0.7× the baseline req/s.',
  path: '/ofrep/v1/evaluate/flags',
  target: 0.7,
  notModified: true,
});
