/** Scenario 2: one flag, with its configuration in every environment. */
import { flagKey, flagPath } from '../lib/data-file.mjs';
import { readVsBareScenario } from './read-vs-bare.mjs';

const key = flagKey(7);

export const getFlag = readVsBareScenario({
  id: 'get-flag',
  title: 'GET one flag',
  measures:
    `\`GET /api/v1/orgs/acme/projects/web/flags/${key}\` (in a project of 50 flags) with 10 connections, ` +
    'against a bare Fastify route returning the same object with the same headers. Target: at least 0.7× the baseline req/s (issue #33).',
  path: flagPath(key),
  target: 0.7,
  check: (body) => {
    if (body.key !== key) throw new Error(`expected flag ${key}, got ${JSON.stringify(body).slice(0, 200)}`);
  },
});
