/**
 * Benchmark data, generated directly as the server's data file (records.ts format) instead of through
 * thousands of POSTs. The records are cloned from ones the real server made (through `buildServer` in
 * memory), so their shape is exactly what the server writes; only ids and keys are new.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { buildServer, createMemoryStore } from '@flagplane/server';

export const ORG = 'acme';
export const PROJECT = 'web';
export const ENVIRONMENT = 'production';
/** A personal token of the organization's Owner (fp_pat_ + 40 base62 characters). */
export const TOKEN = `fp_pat_${'benchowner'.padEnd(40, '0')}`;
export const authorization = `Bearer ${TOKEN}`;

export const flagKey = (index) => `flag-${String(index).padStart(6, '0')}`;
export const projectPath = `/api/v1/orgs/${ORG}/projects/${PROJECT}`;
export const flagPath = (key) => `${projectPath}/flags/${key}`;
export const togglePath = (key) => `${flagPath(key)}/environments/${ENVIRONMENT}/toggle`;

/** The identity file (§17) every Flagplane server under test loads. */
export const identityDocument = {
  organizations: [{ slug: ORG, name: 'Acme Inc', plan: 'Pro' }],
  users: [
    {
      email: 'owner@acme.test',
      name: 'Olive Owner',
      emailVerified: true,
      memberships: { [ORG]: 'Owner' },
      tokens: [TOKEN],
    },
  ],
  serviceTokens: [],
};

let template;

/** The real server's records for org `acme`, project `web` (development + production) and one flag. */
async function seedTemplate() {
  if (template) return template;
  const store = createMemoryStore();
  const app = await buildServer({ store, identities: identityDocument });
  const headers = { authorization, 'content-type': 'application/json' };
  const post = async (url, body) => {
    const response = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
    if (response.statusCode !== 201)
      throw new Error(`seeding ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  await post(`/api/v1/orgs/${ORG}/projects`, { key: PROJECT, name: 'Web' });
  await post(`${projectPath}/flags`, {
    key: 'template',
    type: 'Boolean',
    name: 'Template flag',
    description: 'A Boolean flag like most real ones: two variations, off everywhere.',
    tags: ['bench', 'checkout'],
  });
  const data = store.snapshot();
  await app.close();
  const [flag] = Object.values(data.flags);
  data.flags = {};
  template = { data, flag };
  return template;
}

/** A copy of the template flag with fresh ids and the given key (variation ids remapped everywhere). */
function cloneFlag(flag, key) {
  const ids = new Map(flag.variations.map((variation) => [variation.id, randomUUID()]));
  const configurations = {};
  for (const [environmentId, configuration] of Object.entries(flag.configurations)) {
    configurations[environmentId] = {
      ...configuration,
      defaultVariationId: ids.get(configuration.defaultVariationId),
    };
  }
  return {
    ...flag,
    id: randomUUID(),
    key,
    name: key,
    variations: flag.variations.map((variation) => ({ ...variation, id: ids.get(variation.id) })),
    defaultVariationId: ids.get(flag.defaultVariationId),
    configurations,
  };
}

/** The whole document with `flagCount` flags (`flag-000000` …) in project `web`. */
export async function buildStoreData(flagCount) {
  const { data, flag } = await seedTemplate();
  const flags = {};
  for (let index = 0; index < flagCount; index++) {
    const record = cloneFlag(flag, flagKey(index));
    flags[record.id] = record;
  }
  return { ...data, flags };
}

/** Writes a data file with `flagCount` flags; returns its size in bytes. */
export async function writeDataFile(path, flagCount) {
  const text = JSON.stringify(await buildStoreData(flagCount));
  await writeFile(path, text);
  return Buffer.byteLength(text);
}

export async function writeIdentityFile(path) {
  await writeFile(path, JSON.stringify(identityDocument, null, 2));
}
