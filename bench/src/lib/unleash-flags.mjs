/**
 * The bench's 50-flag project, made again in Unleash through its admin API: the same keys
 * (`flag-000000` …), Boolean (Unleash's `release` flags are on/off), each enabled in `production` with
 * one strategy serving it to everyone (`flexibleRollout` at 100 %, the strategy Unleash itself adds by
 * default), in Unleash's `default` project. The Flagplane side turns the same flags on in `production`
 * (`enableFlags`), so both SDK documents carry 50 enabled flags with one way of serving each.
 */
import { authorization, flagKey, togglePath } from './data-file.mjs';

const ADMIN = '/api/admin/projects/default/features';
const CONCURRENCY = 5;

/** Admin and backend (SDK) tokens in the `project:environment.secret` form of Unleash's INIT_* settings. */
export const unleashTokens = {
  admin: '*:*.flagplane-bench-admin-0123456789abcdef',
  client: 'default:production.flagplane-bench-client-0123456789abcdef',
};

/**
 * Real Unleash Node SDK request headers (unleash-client 6, as Unleash 8 itself depends on): its
 * `Unleash-Client-Spec` 5.2.0 makes the server send segments once instead of inlining them.
 */
export const unleashClientHeaders = {
  authorization: unleashTokens.client,
  'unleash-appname': 'flagplane-bench',
  'unleash-client-spec': '5.2.0',
};

/** Creates `count` flags through the admin API of the Unleash at `baseUrl` and enables each in production. */
export async function createUnleashFlags(baseUrl, count) {
  const post = async (path, body) => {
    const response = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { authorization: unleashTokens.admin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`Unleash: POST ${path} answered ${response.status}: ${await response.text()}`);
  };
  const create = async (name) => {
    await post(ADMIN, { name, type: 'release', description: 'A Boolean flag of the bench.' });
    await post(`${ADMIN}/${name}/environments/production/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: name },
      constraints: [],
    });
    await post(`${ADMIN}/${name}/environments/production/on`);
  };
  // A few at a time: each flag's three requests in order, several flags at once (setup, not measured).
  let next = 0;
  const worker = async () => {
    while (next < count) await create(flagKey(next++));
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
}

/** Turns `count` flags of the Flagplane server at `baseUrl` on in production (the bench's data has them off). */
export async function enableFlags(baseUrl, count) {
  for (let index = 0; index < count; index++) {
    const response = await fetch(baseUrl + togglePath(flagKey(index)), {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: '{"enabled":true}',
    });
    if (!response.ok) throw new Error(`enabling ${flagKey(index)} answered ${response.status}`);
    await response.arrayBuffer();
  }
}
