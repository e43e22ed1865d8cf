/**
 * Black-box checks of the event log against docs/api/decisions.md §19: one event per successful write,
 * with who, with what, under which request, what it changed in read-shape names; the filters, the order
 * and the pages of `GET /orgs/{org}/events`; visibility; no secret; retention.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, tokens } from './fixtures.js';
import { createFlag, expectValidation, type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const project = '/api/v1/orgs/acme/projects/web';
const eventsUrl = '/api/v1/orgs/acme/events';

async function events(query = '', caller: 'member' | 'viewer' | 'scopedBot' | 'adminBot' = 'viewer') {
  const response = await server.call(caller, 'GET', `${eventsUrl}${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Json[]; next_cursor: string | null };
}

const newest = async () => (await events('limit=1')).items[0] as Json;

describe('one event per successful write', () => {
  it('says who changed what, with which client, under which request, and what it was before', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${project}/flags/new-checkout/environments/production/toggle`,
      headers: {
        authorization: `Bearer ${tokens.member}`,
        'content-type': 'application/json',
        'user-agent': 'flagplane-cli/0.3.0 node/22.23.3',
        'x-request-id': 'toggle-request-1',
      },
      payload: JSON.stringify({ enabled: true }),
    });
    expect(response.statusCode).toBe(204);
    const flag = (await server.call('member', 'GET', `${project}/flags/new-checkout`)).json();
    const event = await newest();
    expect(event).toMatchObject({
      action: 'toggleFlag',
      actor: { kind: 'User', name: 'Max Member', email: 'member@acme.test' },
      client: 'flagplane-cli/0.3.0',
      requestId: 'toggle-request-1',
      project: { key: 'web' },
      environment: { key: 'production' },
      resource: { kind: 'FlagEnvironment', id: flag.id, key: 'new-checkout' },
      changes: [{ path: 'isEnabled', before: false, after: true }],
    });
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(event.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('names a service token as the actor, without an email, and no client for a User-Agent over 200 characters', async () => {
    const updated = await server.app.inject({
      method: 'PUT',
      url: `${project}/flags/banner-text`,
      headers: {
        authorization: `Bearer ${tokens.scopedBot}`,
        'content-type': 'application/json',
        'user-agent': `robot/${'9'.repeat(200)}`,
      },
      payload: JSON.stringify({ name: 'Banner' }),
    });
    expect(updated.statusCode).toBe(204);
    expect(await newest()).toMatchObject({
      action: 'updateFlag',
      actor: { kind: 'ServiceToken', name: 'deploy-bot', email: null },
      client: null,
      resource: { kind: 'Flag', key: 'banner-text' },
      changes: [{ path: 'name', before: 'banner-text', after: 'Banner' }],
    });
  });

  it('gives a creation only `after` values and a deletion only `before` values, nested paths dotted', async () => {
    const flag = await createFlag(server, {
      key: 'short-lived',
      type: 'String',
      tags: ['a'],
      variations: [
        { key: 'x', value: 'X' },
        { key: 'y', value: 'Y' },
      ],
    });
    const created = await newest();
    expect(created.action).toBe('createFlag');
    expect(created.resource).toEqual({ kind: 'Flag', id: flag.id, key: 'short-lived' });
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { path: 'key', after: 'short-lived' },
        { path: 'tags.0', after: 'a' },
        { path: 'variations.1.value', after: 'Y' },
      ]),
    );
    expect(created.changes.every((change: Json) => !('before' in change))).toBe(true);
    expect(created.changes.map((change: Json) => change.path)).not.toContain('createdAt');

    const rule = await server.call(
      'member',
      'POST',
      `${project}/flags/short-lived/environments/production/rules`,
      {
        variationId: flag.variations[1].id,
      },
    );
    expect(rule.statusCode).toBe(201);
    expect(await newest()).toMatchObject({
      action: 'createRule',
      resource: { kind: 'Rule', id: rule.json().id, key: null },
      changes: expect.arrayContaining([{ path: 'variationId', after: flag.variations[1].id }]),
    });

    expect((await server.call('member', 'DELETE', `${project}/flags/short-lived`)).statusCode).toBe(204);
    const deleted = await newest();
    expect(deleted.action).toBe('deleteFlag');
    expect(deleted.changes).toEqual(expect.arrayContaining([{ path: 'key', before: 'short-lived' }]));
    expect(deleted.changes.every((change: Json) => !('after' in change))).toBe(true);
  });

  it('records a rule change under the configuration it belongs to, by index', async () => {
    const banner = (await server.call('member', 'GET', `${project}/flags/banner-text`)).json();
    const [hello, welcome] = banner.variations;
    await server.call('member', 'PUT', `${project}/flags/banner-text/environments/production`, {
      strategy: 'TargetedRollout',
      rules: [{ variationId: hello.id }],
    });
    await server.call('member', 'PUT', `${project}/flags/banner-text/environments/production`, {
      rules: [{ variationId: welcome.id }],
    });
    const event = await newest();
    expect(event.action).toBe('updateFlagEnvironment');
    expect(event.changes).toEqual(
      expect.arrayContaining([{ path: 'rules.0.variationId', before: hello.id, after: welcome.id }]),
    );
  });

  it('records nothing for a refused write', async () => {
    const before = await events();
    for (const [caller, method, url, body] of [
      ['viewer', 'POST', `${project}/flags/new-checkout/environments/production/toggle`, { enabled: false }],
      ['member', 'POST', `${project}/flags/new-checkout/environments/production/toggle`, {}],
      ['member', 'POST', `${project}/flags`, { key: 'new-checkout', type: 'Boolean' }],
      ['member', 'DELETE', `${project}/flags/nope`],
    ] as const) {
      const response = await server.call(caller, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
    }
    expect(await events()).toEqual(before);
  });

  it('never holds a secret: an SDK key’s creation records its read shape, not its plaintext', async () => {
    const created = await server.call('member', 'POST', `${project}/environments/production/sdk-keys`, {
      type: 'ServerSide',
      name: 'web-server',
    });
    expect(created.statusCode).toBe(201);
    const plaintext = created.json().key as string;
    const event = await newest();
    expect(event).toMatchObject({
      action: 'createSdkKey',
      resource: { kind: 'SdkKey', id: created.json().id },
    });
    expect(JSON.stringify(event)).not.toContain(plaintext);
    expect(JSON.stringify(server.app.store.snapshot().events)).not.toContain(plaintext);
    expect(JSON.stringify(server.app.store.snapshot().events)).not.toMatch(
      /fp_(srv|cli|pat|svc)_[A-Za-z0-9]{40}/,
    );
  });
});

describe('GET /orgs/{org}/events', () => {
  it('lists newest first, in pages that each item appears in once while writes go on', async () => {
    for (let index = 0; index < 5; index++) {
      await createFlag(server, { key: `paged-${index}`, type: 'Boolean' });
    }
    const first = await events('action=createFlag&limit=2');
    const keys = first.items.map((event) => event.resource.key);
    expect(keys).toEqual(['paged-4', 'paged-3']);
    await createFlag(server, { key: 'paged-late', type: 'Boolean' }); // newer: not on the pages that follow
    const seen = [...keys];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await events(`action=createFlag&limit=2&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...page.items.map((event) => event.resource.key));
      cursor = page.next_cursor;
    }
    expect(seen.filter((key) => key.startsWith('paged-'))).toEqual([
      'paged-4',
      'paged-3',
      'paged-2',
      'paged-1',
      'paged-0',
    ]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain('paged-late');
  });

  it('filters by flag (key or id), project, environment, resource kind, actor (id or email), action and time', async () => {
    const flag = (await server.call('member', 'GET', `${project}/flags/new-checkout`)).json();
    const byKey = await events('flag=new-checkout');
    const byId = await events(`flag=${flag.id}`);
    expect(byKey.items.length).toBeGreaterThan(0);
    expect(byId.items).toEqual(byKey.items);
    expect(byKey.items.every((event) => event.resource.id === flag.id)).toBe(true);
    expect(
      (await events('project=web&environment=production&resourceKind=FlagEnvironment')).items.every(
        (event) => event.environment.key === 'production' && event.resource.kind === 'FlagEnvironment',
      ),
    ).toBe(true);
    const byEmail = await events('actor=member@acme.test');
    expect(byEmail.items.length).toBeGreaterThan(0);
    const memberId = (byEmail.items[0] as Json).actor.id;
    expect((await events(`actor=${memberId}`)).items).toEqual(byEmail.items);
    expect(byEmail.items.every((event) => event.actor.email === 'member@acme.test')).toBe(true);
    const all = await events('limit=200');
    const middle = all.items[Math.floor(all.items.length / 2)] as Json;
    const since = await events(`limit=200&since=${encodeURIComponent(middle.createdAt)}`);
    expect(since.items.every((event) => event.createdAt >= middle.createdAt)).toBe(true);
    const until = await events(`limit=200&until=${encodeURIComponent(middle.createdAt)}`);
    expect(until.items.every((event) => event.createdAt < middle.createdAt)).toBe(true);
    expect(since.items.length + until.items.length).toBe(all.items.length);
  });

  it('matches nothing for a filter that names nothing, never a 404', async () => {
    for (const query of ['flag=never-was', 'project=nowhere', 'action=teleport', 'actor=nobody@acme.test']) {
      expect((await events(query)).items, query).toEqual([]);
    }
  });

  it('refuses a bad since or until, an unknown resource kind and a forged cursor with 400 and fields', async () => {
    for (const [query, field] of [
      ['since=yesterday', 'since'],
      ['until=2026-13-01T00:00:00Z', 'until'],
      ['resourceKind=Widget', 'resourceKind'],
      ['cursor=forged', 'cursor'],
    ]) {
      expectValidation(await server.call('viewer', 'GET', `${eventsUrl}?${query}`), field);
    }
  });

  it('shows a scoped service token only its projects’ events, and another organization’s log is a 404', async () => {
    const other = await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'secret-project' });
    expect(other.statusCode).toBe(201);
    expect(
      (await events('limit=200', 'adminBot')).items.some((event) => event.project?.key === 'secret-project'),
    ).toBe(true);
    const scoped = await events('limit=200', 'scopedBot');
    expect(scoped.items.length).toBeGreaterThan(0);
    expect(scoped.items.every((event) => event.project?.key === 'web')).toBe(true);
    expect((await events('project=secret-project', 'scopedBot')).items).toEqual([]);
    const outsider = await server.call('outsider', 'GET', eventsUrl);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error).toBe('not_found');
  });
});

describe('retention', () => {
  it('removes events older than the retention, in the background, without recording that', async () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const aged = await startTestServer({ clock: () => new Date(now), eventRetentionDays: 1 });
    try {
      expect(
        (await aged.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'old' })).statusCode,
      ).toBe(201);
      now += 2 * 86_400_000;
      expect(
        (await aged.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'new' })).statusCode,
      ).toBe(201);
      expect(await aged.app.pruneExpiredEvents()).toBe(1);
      const left = (await aged.call('owner', 'GET', eventsUrl)).json().items as Json[];
      expect(left.map((event) => event.resource.key)).toEqual(['new']);
      expect(await aged.app.pruneExpiredEvents()).toBe(0);
    } finally {
      await aged.close();
    }
  });

  it('keeps every event with a retention of 0', async () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const forever = await startTestServer({ clock: () => new Date(now), eventRetentionDays: 0 });
    try {
      await forever.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'old' });
      now += 3650 * 86_400_000;
      expect(await forever.app.pruneExpiredEvents()).toBe(0);
      expect((await forever.call('owner', 'GET', eventsUrl)).json().items).toHaveLength(1);
    } finally {
      await forever.close();
    }
  });
});
