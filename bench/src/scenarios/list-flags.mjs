/** Scenario 1: the list of a project's flags, one full page of 50. */
import { projectPath } from '../lib/data-file.mjs';
import { readVsBareScenario } from './read-vs-bare.mjs';

export const listFlags = readVsBareScenario({
  id: 'list-flags',
  title: 'GET a list of 50 flags',
  measures:
    '`GET /api/v1/orgs/acme/projects/web/flags` (a project of 50 flags: one full default page) with 10 ' +
    'connections, against a bare Fastify route returning the same object with the same headers. Flagplane does authentication, ' +
    'rate limiting (limit set out of reach), path resolution, the query and the representation; the ' +
    'baseline only serializes and sends its headers as fixed strings. Target: at least 0.8× the baseline req/s (issue #33).',
  path: `${projectPath}/flags`,
  target: 0.8,
  check: (body) => {
    if (!Array.isArray(body.items) || body.items.length !== 50) {
      throw new Error(`expected a page of 50 flags, got ${body.items?.length}`);
    }
  },
});
