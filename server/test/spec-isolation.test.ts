/**
 * Black-box checks of visibility (docs/api/decisions.md §1, §4, §15): another organization, and a project outside a
 * scoped service token, are indistinguishable from resources that do not exist.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from './fixtures.js';
import { type Json, useWebProject } from './spec-helpers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Names = {
  org: string;
  project: string;
  env: string;
  flag: string;
  variation: string;
  segment: string;
  sdkKey: string;
  ruleId: string;
};

const server = useWebProject();
let byKey: Names;
let byId: Names;
let otherByKey: Names;
let otherById: Names;

async function ok(caller: Caller, method: Method, url: string, body?: Json): Promise<Json> {
  const response = await server.call(caller, method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.body ? response.json() : {};
}

/** A project with one of everything, as `owner`; its names by key and by id. */
async function furnish(project: string, flag: string): Promise<[Names, Names]> {
  const org = await ok('owner', 'GET', '/api/v1/orgs/acme');
  const p = `/api/v1/orgs/acme/projects/${project}`;
  const proj = await ok('owner', 'GET', p);
  const created = await ok('owner', 'POST', `${p}/flags`, {
    key: flag,
    type: 'String',
    variations: [
      { key: 'blue', value: 'Blue' },
      { key: 'green', value: 'Green' },
    ],
  });
  const env = await ok('owner', 'GET', `${p}/environments/production`);
  const segment = await ok('owner', 'POST', `${p}/segments`, { key: 'insiders' });
  const sdkKey = await ok('owner', 'POST', `${p}/environments/production/sdk-keys`, { type: 'ServerSide' });
  const rule = await ok('owner', 'POST', `${p}/flags/${flag}/environments/production/rules`, {
    variationId: created.variations[0].id,
  });
  const green = created.variations.find((variation: Json) => variation.key === 'green');
  return [
    {
      org: 'acme',
      project,
      env: 'production',
      flag,
      variation: 'green',
      segment: 'insiders',
      sdkKey: sdkKey.id,
      ruleId: rule.id,
    },
    {
      org: org.id,
      project: proj.id,
      env: env.id,
      flag: created.id,
      variation: green.id,
      segment: segment.id,
      sdkKey: sdkKey.id,
      ruleId: rule.id,
    },
  ];
}

/** Representative operations over every resource kind, for the names given. */
function operations(n: Names): [Method, string, Json | undefined][] {
  const org = `/api/v1/orgs/${n.org}`;
  const p = `${org}/projects/${n.project}`;
  const e = `${p}/environments/${n.env}`;
  const f = `${p}/flags/${n.flag}`;
  const fe = `${f}/environments/${n.env}`;
  return [
    ['GET', org, undefined],
    ['GET', `${org}/projects`, undefined],
    ['POST', `${org}/projects`, { key: 'intruder' }],
    ['GET', p, undefined],
    ['PUT', p, { name: 'Owned' }],
    ['DELETE', p, undefined],
    ['GET', `${p}/environments`, undefined],
    ['POST', `${p}/environments`, { key: 'intruder' }],
    ['GET', e, undefined],
    ['PUT', e, { name: 'Owned' }],
    ['DELETE', e, undefined],
    ['GET', `${p}/flags`, undefined],
    ['POST', `${p}/flags`, { key: 'intruder', type: 'Boolean' }],
    ['GET', f, undefined],
    ['PUT', f, { name: 'Owned' }],
    ['POST', `${f}/archive`, undefined],
    ['POST', `${f}/restore`, undefined],
    ['DELETE', f, undefined],
    ['POST', `${f}/variations`, { key: 'red', value: 'Red' }],
    ['PUT', `${f}/variations/${n.variation}`, { name: 'Owned' }],
    ['DELETE', `${f}/variations/${n.variation}`, undefined],
    ['GET', `${f}/environments`, undefined],
    ['GET', fe, undefined],
    ['PUT', fe, { isEnabled: true }],
    ['POST', `${fe}/toggle`, { enabled: true }],
    ['POST', `${fe}/rules`, { variationId: n.ruleId }],
    ['PUT', `${fe}/rules/${n.ruleId}`, { variationId: n.ruleId }],
    ['PUT', `${fe}/rules/reorder`, { ruleIds: [n.ruleId] }],
    ['DELETE', `${fe}/rules/${n.ruleId}`, undefined],
    ['GET', `${p}/segments`, undefined],
    ['POST', `${p}/segments`, { key: 'intruder' }],
    ['GET', `${p}/segments/${n.segment}`, undefined],
    ['PUT', `${p}/segments/${n.segment}`, { name: 'Owned' }],
    ['DELETE', `${p}/segments/${n.segment}`, undefined],
    ['GET', `${e}/sdk-keys`, undefined],
    ['POST', `${e}/sdk-keys`, { type: 'ServerSide' }],
    ['GET', `${e}/sdk-keys/${n.sdkKey}`, undefined],
    ['PUT', `${e}/sdk-keys/${n.sdkKey}`, { name: 'Owned' }],
    ['POST', `${e}/sdk-keys/${n.sdkKey}/revoke`, undefined],
  ];
}

/** Every operation answers 404 with the same keys as the same operation on names that exist nowhere. */
async function expectInvisible(caller: Caller, real: Names, missing: Names, skip = (_url: string) => false) {
  const realOps = operations(real);
  const missingOps = operations(missing);
  for (const [index, [method, url, body]] of realOps.entries()) {
    if (skip(url)) continue;
    const hidden = await server.call(caller, method, url, body);
    const [, missingUrl, missingBody] = missingOps[index] ?? [];
    const absent = await server.call(caller, method, missingUrl ?? '', missingBody);
    const label = `${caller} ${method} ${url}: ${hidden.body}`;
    expect(hidden.statusCode, label).toBe(404);
    expect(hidden.json().error, label).toBe('not_found');
    expect(hidden.json(), label).not.toHaveProperty('did_you_mean');
    expect(absent.statusCode, `${method} ${missingUrl}: ${absent.body}`).toBe(404);
    expect(Object.keys(hidden.json()).sort(), label).toEqual(Object.keys(absent.json()).sort());
  }
}

beforeAll(async () => {
  [byKey, byId] = await furnish('web', 'paint');
  await ok('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'hidden-proj' });
  [otherByKey, otherById] = await furnish('hidden-proj', 'secret-flag');
  await ok('outsider', 'POST', '/api/v1/orgs/globex/projects', { key: 'g-proj' });
});

const nowhere: Names = {
  org: 'zzzz-no-org',
  project: 'zzzz-no-project',
  env: 'zzzz-no-env',
  flag: 'zzzz-no-flag',
  variation: 'zzzz-no-variation',
  segment: 'zzzz-no-segment',
  sdkKey: '00000000-0000-4000-8000-000000000001',
  ruleId: '00000000-0000-4000-8000-000000000002',
};

describe('another organization (§1, §4)', () => {
  it('answers 404 like a missing resource for every operation on the victim, by key', async () => {
    await expectInvisible('outsider', byKey, nowhere);
  });

  it('answers 404 like a missing resource for every operation on the victim, by id', async () => {
    await expectInvisible('outsider', byId, { ...nowhere, org: '00000000-0000-4000-8000-000000000003' });
  });

  it("answers 404 for the victim's ids under the outsider's own organization and project", async () => {
    const own = { ...nowhere, org: 'globex', project: 'g-proj', env: 'production' };
    // The victim's project, then the victim's children under the outsider's own project.
    await expectInvisible(
      'outsider',
      { ...own, project: byId.project },
      { ...own, project: nowhere.project },
      (url) => !url.includes(byId.project),
    );
    await expectInvisible(
      'outsider',
      { ...own, flag: byId.flag, segment: byId.segment, sdkKey: byId.sdkKey },
      own,
      (url) => !url.includes(byId.flag) && !url.includes(byId.segment) && !url.includes(byId.sdkKey),
    );
  });

  it('never suggests keys of another organization', async () => {
    const response = await server.call('outsider', 'GET', '/api/v1/orgs/acm');
    expect(response.statusCode).toBe(404);
    expect(response.json().did_you_mean ?? []).not.toContain('acme');
  });

  it("left the victim's data untouched", async () => {
    const flag = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/web/flags/paint')).json();
    expect(flag.isArchived).toBe(false);
    expect(flag.name).not.toBe('Owned');
    expect(flag.variations).toHaveLength(2);
    const config = (
      await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/web/flags/paint/environments/production')
    ).json();
    expect(config.isEnabled).toBe(false);
    expect(config.rules).toHaveLength(1);
    const key = (
      await server.call(
        'owner',
        'GET',
        `/api/v1/orgs/acme/projects/web/environments/production/sdk-keys/${byId.sdkKey}`,
      )
    ).json();
    expect(key.isActive).toBe(true);
    const projects = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects')).json();
    expect(projects.items.map((item: Json) => item.key)).not.toContain('intruder');
  });
});

describe('a project outside a scoped service token (§1, §4)', () => {
  it('answers 404 like a missing project for every path under it, by key and by id', async () => {
    const underProject = (project: string) => (url: string) => !url.includes(`/projects/${project}`);
    await expectInvisible(
      'scopedBot',
      otherByKey,
      { ...otherByKey, project: 'zzzz-no-project' },
      underProject('hidden-proj'),
    );
    await expectInvisible(
      'scopedBot',
      otherById,
      { ...otherById, project: '00000000-0000-4000-8000-000000000004' },
      underProject(otherById.project),
    );
  });

  it('does not list the project, and never suggests its key', async () => {
    const page = (await server.call('scopedBot', 'GET', '/api/v1/orgs/acme/projects')).json();
    expect(page.items.map((item: Json) => item.key)).toEqual(['web']);
    const response = await server.call('scopedBot', 'GET', '/api/v1/orgs/acme/projects/hidden-prj');
    expect(response.statusCode).toBe(404);
    expect(response.json().did_you_mean ?? []).not.toContain('hidden-proj');
  });

  it('answers 404 for ids of the hidden project used under a visible one', async () => {
    const web = '/api/v1/orgs/acme/projects/web';
    for (const url of [
      `${web}/flags/${otherById.flag}`,
      `${web}/segments/${otherById.segment}`,
      `${web}/environments/${otherById.env}`,
      `${web}/environments/production/sdk-keys/${otherById.sdkKey}`,
      `${web}/flags/new-checkout/environments/production/rules/${otherById.ruleId}`,
    ]) {
      const method = url.includes('/rules/') ? 'DELETE' : 'GET';
      const response = await server.call('scopedBot', method, url);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
  });

  it('still reaches its own project, and the owner still sees the hidden one intact', async () => {
    expect(
      (await server.call('scopedBot', 'GET', '/api/v1/orgs/acme/projects/web/flags/paint')).statusCode,
    ).toBe(200);
    const flag = await server.call(
      'owner',
      'GET',
      '/api/v1/orgs/acme/projects/hidden-proj/flags/secret-flag',
    );
    expect(flag.statusCode).toBe(200);
    expect(flag.json().name).not.toBe('Owned');
    expect(flag.json().isArchived).toBe(false);
  });
});
