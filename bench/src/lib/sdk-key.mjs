/** A server-side SDK key of the 50-flag project's production environment, made by its Owner. */
import { authorization, projectPath } from './data-file.mjs';

/** Creates a `ServerSide` SDK key on the server at `baseUrl`; its secret (`Bearer <key>` authenticates). */
export async function createServerSideKey(baseUrl) {
  const response = await fetch(`${baseUrl}${projectPath}/environments/production/sdk-keys`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'ServerSide' }),
  });
  if (response.status !== 201) throw new Error(`creating an SDK key answered ${response.status}`);
  return (await response.json()).key;
}
