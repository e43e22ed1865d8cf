/** Scenario: scenario 1's page of 50 flags, served by a server on the PostgreSQL store (§22). */
import { projectPath } from '../lib/data-file.mjs';
import { readVsBareScenario } from './read-vs-bare.mjs';

export const postgresListFlags = readVsBareScenario({
  id: 'postgres-list-flags',
  title: 'GET a list of 50 flags on PostgreSQL',
  measures:
    'Scenario 1 on the PostgreSQL store (§22): `GET /api/v1/orgs/acme/projects/web/flags` (50 flags) with ' +
    '10 connections. Before authenticating, every request applies what other processes committed (one ' +
    'query, shared by the requests that arrive meanwhile), and its rate-limit count goes to the shared ' +
    'counter table (one statement per batch of requests); the baseline is the same bare Fastify route. ' +
    'Target: at least 0.5× the baseline req/s (issue #33).',
  path: `${projectPath}/flags`,
  target: 0.5,
  store: 'postgres',
  check: (body) => {
    if (!Array.isArray(body.items) || body.items.length !== 50) {
      throw new Error(`expected a page of 50 flags, got ${body.items?.length}`);
    }
  },
});
