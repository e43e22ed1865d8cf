/**
 * What makes a baseline answer the same bytes as Flagplane: the headers of a captured answer that neither
 * Node nor Fastify writes by itself. Those are the rate-limit headers and `X-Request-Id` that §13 and §15
 * require on every answer of the API: work no implementation of it can skip, so a baseline without them
 * would count their cost as Flagplane's overhead. The baseline sends them as fixed strings, the cheapest
 * way there is (servers/bare-fastify.mjs `--headers`).
 */
import { writeFile } from 'node:fs/promises';

/** Written by Node or Fastify on every answer, or (the ETag) by the baseline's conditional handling. */
const writtenByTheServer = new Set([
  'connection',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Writes the headers of `response` (a fetch Response) that the baseline must add to `file`, as JSON;
 * returns their names for the scenario's notes.
 */
export async function writeAnswerHeaders(file, response) {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !writtenByTheServer.has(name.toLowerCase())),
  );
  await writeFile(file, JSON.stringify(headers));
  return Object.keys(headers);
}

/** The sentence a scenario's notes give about it. */
export function sameHeadersNote(names) {
  return names.length === 0
    ? 'The baseline sends the same headers (Flagplane adds none of its own to this answer).'
    : `The baseline answers the same bytes: it also sends ${names.join(', ')} (§13, §15: on every answer of the API), as fixed strings.`;
}
