/**
 * The write baseline: the toggle route done the way lowdb's README suggests, `await db.write()` per
 * request through lowdb's own JSONFile adapter (pretty-printed, temp file + rename, no fsync), on a copy
 * of the same data file. Flags are found through a key → id map built at start, so the measured cost is
 * the persistence, not a scan. No auth.
 *
 *   node naive-lowdb.mjs --data FILE [--port 0]
 */
import Fastify from 'fastify';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { announceReady, cliOptions, exitOnSignal } from './child-protocol.mjs';

const options = cliOptions();
// Not JSONFilePreset: with NODE_ENV=test it keeps data in memory and would measure nothing.
const db = new Low(new JSONFile(options.data), {});
await db.read();
const counters = { writes: 0 };

const flagIds = new Map();
for (const flag of Object.values(db.data.flags)) flagIds.set(`${flag.projectId}\u0000${flag.key}`, flag.id);
const find = (collection, predicate) => Object.values(db.data[collection]).find(predicate);

const app = Fastify({ logger: false });
app.post(
  '/api/v1/orgs/:org/projects/:project/flags/:flag/environments/:environment/toggle',
  async (request, reply) => {
    const { org: orgSlug, project: projectKey, flag: flagKey, environment: environmentKey } = request.params;
    const org = find('organizations', (record) => record.slug === orgSlug);
    const project = org && find('projects', (p) => p.organizationId === org.id && p.key === projectKey);
    const environment =
      project && find('environments', (e) => e.projectId === project.id && e.key === environmentKey);
    const flag = project && db.data.flags[flagIds.get(`${project.id}\u0000${flagKey}`)];
    if (!environment || !flag) return reply.code(404).send({ error: 'not_found' });
    const now = new Date().toISOString();
    const configuration = flag.configurations[environment.id];
    db.data.flags[flag.id] = {
      ...flag,
      configurations: {
        ...flag.configurations,
        [environment.id]: { ...configuration, isEnabled: request.body.enabled === true, updatedAt: now },
      },
      updatedAt: now,
    };
    await db.write();
    counters.writes++;
    return reply.code(204).send();
  },
);
exitOnSignal(() => app.close());
await app.listen({ port: Number(options.port ?? 0), host: '127.0.0.1' });
announceReady(app.server.address().port, () => ({ ...counters }));
